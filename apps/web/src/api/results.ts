import {
  CALC_DEVICE_KINDS,
  type CalcDetail,
  type CalcKind,
  type CalcListData,
  type CalcSweepChildren,
} from '@pvforge/contracts';
import { saveBlob } from '../components/plots/download';
import { ApiError, apiBase, call, NetworkError, signedFetch } from './client';

/**
 * Calls of the result views (rsto, rste, rstc, rstc2) and the comparison page: the calculation with
 * its input and result, the exports (binary answers), and "save the device to my library".
 */
export type ExportFormat = 'xlsx' | 'csv-zip';

export const resultsApi = {
  calcData: (id: number) => call<CalcDetail>('/sys/calc/calcData', { body: { id } }),
  list: (page: number, size: number, kind?: 'opt' | 'elec', status?: 'succeeded') =>
    call<CalcListData>('/sys/calc/calcList', {
      body: { page, size, ...(kind ? { kind } : {}), ...(status ? { status } : {}) },
    }),
  cancel: (id: number) => call<null>('/sys/calc/cancel', { body: { id } }),
  /** A parameter sweep's child calculations with their states (how far a running sweep is). */
  sweepChildren: (id: number) => call<CalcSweepChildren>('/sys/calc/sweepChildren', { body: { id } }),
};

/** The file name of a Content-Disposition header (RFC 5987 UTF-8 name first, then the plain one). */
export function dispositionName(header: string | null, fallback: string): string {
  const h = header ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(h);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(h);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads the export of a calculation: device kinds (a device fit too) through /sys/calc/outputData, circuit kinds
 * through /sys/calc/circleData. Signed like client.ts; a JSON answer is a refusal (ApiError).
 * Returns the file name the server gave.
 */
export async function downloadResult(kind: CalcKind, id: number, format: ExportFormat): Promise<string> {
  const path = CALC_DEVICE_KINDS.includes(kind) ? '/sys/calc/outputData' : '/sys/calc/circleData';
  const res = await signedFetch(`${apiBase()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: '*/*' },
    body: JSON.stringify({ id, format }),
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const answer = (await res.json()) as ApiError['answer'];
    throw new ApiError(answer, res.status);
  }
  if (!res.ok) throw new NetworkError(`HTTP ${res.status}`);
  const name = dispositionName(
    res.headers.get('content-disposition'),
    `calc-${id}.${format === 'xlsx' ? 'xlsx' : 'zip'}`,
  );
  saveBlob(await res.blob(), name);
  return name;
}
