import type { ReviewRun } from '@pvforge/contracts';
import type { Kysely } from 'kysely';
import { type CalculationRecord, type CalculationsRepository, inputHash } from '../db/repositories/calculations.js';
import { DevicesRepository } from '../db/repositories/devices.js';
import { ReviewsRepository } from '../db/repositories/library.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/errors.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The simulated wavelength window of a run's input (the device's illumination), when it states one. */
function windowOf(input: unknown): { windowStartNm: number; windowEndNm: number } | undefined {
  const ill = isObj(input) && isObj(input['illumination']) ? input['illumination'] : undefined;
  const wl = ill && isObj(ill['wavelength']) ? ill['wavelength'] : undefined;
  const windowStartNm = num(wl?.['startNm']);
  const windowEndNm = num(wl?.['endNm']);
  return windowStartNm !== undefined && windowEndNm !== undefined ? { windowStartNm, windowEndNm } : undefined;
}

/**
 * Key figures of a stored result, as the result pages show them: an electrical run's light J-V
 * figures, an optical run's absorber photocurrent at 100 % IQE. Tandems and failed runs have none
 * here (their own result page explains them). An electrical run since issue 26 also gives the PCE
 * on the simulated window's power (as SCAPS divides), with the window from its input to name it.
 */
export function runFigures(kind: string, result: unknown, input?: unknown): ReviewRun['figures'] {
  if (!isObj(result)) return undefined;
  if (kind === 'elec') {
    const f = isObj(result['light']) && isObj(result['light']['figures']) ? result['light']['figures'] : undefined;
    const jsc = num(f?.['Jsc_mA_cm2']);
    if (!f || jsc === undefined) return undefined;
    const vocV = num(f['Voc_V']);
    const ff = num(f['FF']);
    const pcePercent = num(f['PCE_percent']);
    const pceWindowPercent = num(f['pceWindowPercent']);
    const window = pceWindowPercent !== undefined ? windowOf(input) : undefined;
    return {
      jscMaCm2: jsc,
      ...(vocV !== undefined ? { vocV } : {}),
      ...(ff !== undefined ? { ff } : {}),
      ...(pcePercent !== undefined ? { pcePercent } : {}),
      ...(pceWindowPercent !== undefined ? { pceWindowPercent, ...window } : {}),
    };
  }
  const jph = isObj(result['totals']) ? num(result['totals']['jphAbsorbersMaCm2']) : undefined;
  return jph === undefined ? undefined : { jscMaCm2: jph };
}

/**
 * The run a reviewer sees next to a submitted device (docs/administration.md "Reviewing a
 * device"): the submitter's newest optical or electrical calculation whose input is exactly the
 * device, else the calculation the device was saved from (marked as run on an earlier version),
 * else none. Only the submitter's own calculations count: a reward is paid for their work.
 */
export async function reviewRun(
  db: Kysely<Database>,
  calculations: CalculationsRepository,
  reviewId: number,
): Promise<ReviewRun | null> {
  const review = await new ReviewsRepository(db).get(reviewId);
  if (!review) throw new AppError('4305');
  if (review.item_type !== 'device') return null;
  const device = await new DevicesRepository(db).get(review.item_id);
  if (!device?.spec) return null;
  const ownerId = Number(review.user_id);
  const spec = JSON.parse(device.spec) as unknown;
  let rec: CalculationRecord | undefined = await calculations.latestWithInput(
    ownerId,
    ['opt', 'elec'],
    inputHash(spec),
  );
  let sameInput = !!rec;
  if (!rec && device.source_calc_id !== null) {
    rec = await calculations.recordOf(Number(device.source_calc_id), ownerId);
    sameInput = false;
  }
  if (!rec) return null;
  const figures =
    rec.status === 'succeeded'
      ? runFigures(rec.kind, await calculations.result(rec.id), await calculations.input(rec.id))
      : undefined;
  return {
    calcId: Number(rec.id),
    kind: rec.kind,
    name: rec.name,
    status: rec.status,
    sameInput,
    createdAt: Number(rec.created_at),
    finishedAt: rec.finished_at === null ? null : Number(rec.finished_at),
    ...(rec.reason ? { reason: rec.reason } : {}),
    ...(figures ? { figures } : {}),
  };
}
