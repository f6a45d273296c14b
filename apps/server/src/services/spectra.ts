import {
  type Lang,
  ROLE,
  SPECTRUM_LIMITS,
  type SpectrumCreateBody,
  type SpectrumDetail,
  type SpectrumItem,
  spectrumProblemText,
} from '@pvforge/contracts';
import { parseSpectrumTable, spectrumPowerWm2 } from '@pvforge/engine';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database, UserRow, UserSpectraTable } from '../db/schema.js';
import { AppError } from '../http/errors.js';

type Viewer = Pick<UserRow, 'id' | 'role'>;
type Row = Selectable<UserSpectraTable>;
const isAdmin = (v: Viewer) => Number(v.role) === ROLE.admin;

const LIST_COLUMNS = [
  'id',
  'user_id',
  'name',
  'points',
  'from_nm',
  'to_nm',
  'power_w_m2',
  'source_units',
  'created_at',
] as const;

function item(r: Pick<Row, (typeof LIST_COLUMNS)[number]>): SpectrumItem {
  return {
    id: Number(r.id),
    name: r.name,
    points: Number(r.points),
    fromNm: Number(r.from_nm),
    toNm: Number(r.to_nm),
    powerWm2: Number(r.power_w_m2),
    sourceUnits: r.source_units,
    createdAt: Number(r.created_at),
  };
}

/**
 * Custom incident spectra of the personal library (docs/spectra.md). The file is read by the
 * engine's parseSpectrumTable, the same function the editor previews with, so the server refuses
 * exactly what the editor shows as wrong (4402, every problem in the caller's language). A
 * spectrum is its owner's; an administrator may read and delete any; anyone else gets 4401.
 */
export class SpectraService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async list(viewer: Viewer): Promise<SpectrumItem[]> {
    const rows = await this.db
      .selectFrom('user_spectra')
      .select([...LIST_COLUMNS])
      .where('user_id', '=', viewer.id)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(item);
  }

  private async visible(viewer: Viewer, id: number): Promise<Row> {
    const r = await this.db.selectFrom('user_spectra').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r || (Number(r.user_id) !== viewer.id && !isAdmin(viewer))) throw new AppError('4401');
    return r;
  }

  async get(viewer: Viewer, id: number): Promise<SpectrumDetail> {
    const r = await this.visible(viewer, id);
    return {
      ...item(r),
      wavelengthNm: JSON.parse(r.wavelength_nm) as number[],
      irradianceWm2Nm: JSON.parse(r.irradiance_w_m2_nm) as number[],
    };
  }

  async create(viewer: Viewer, body: SpectrumCreateBody, lang: Lang): Promise<number> {
    const name = body.name.trim();
    if (!name) throw new AppError('4402', { detail: lang === 'en' ? 'the name is blank' : '名称不能为空' });
    const { spectrum, problems } = parseSpectrumTable(
      body.text,
      { wavelength: body.wavelengthUnit, irradiance: body.irradianceUnit },
      name,
    );
    if (!spectrum) {
      throw new AppError('4402', {
        detail: problems.map((p) => spectrumProblemText(p, lang)).join(lang === 'en' ? '; ' : '；'),
      });
    }
    return this.db.transaction().execute(async (trx) => {
      const { n } = await trx
        .selectFrom('user_spectra')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', viewer.id)
        .executeTakeFirstOrThrow();
      if (Number(n) >= SPECTRUM_LIMITS.perUser) throw new AppError('4403', { max: SPECTRUM_LIMITS.perUser });
      const w = Array.from(spectrum.wavelengthNm);
      const r = await trx
        .insertInto('user_spectra')
        .values({
          user_id: viewer.id,
          name,
          points: w.length,
          from_nm: w[0]!,
          to_nm: w[w.length - 1]!,
          power_w_m2: spectrumPowerWm2(spectrum),
          source_units: `${body.wavelengthUnit}, ${body.irradianceUnit}`,
          wavelength_nm: JSON.stringify(w),
          irradiance_w_m2_nm: JSON.stringify(Array.from(spectrum.irradianceWm2Nm)),
          created_at: this.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    });
  }

  async remove(viewer: Viewer, id: number): Promise<void> {
    await this.visible(viewer, id);
    await this.db.deleteFrom('user_spectra').where('id', '=', id).execute();
  }
}
