import type {
  ApiAnswer,
  CalcDetail,
  CalcKind,
  CalcListBody,
  CalcListData,
  Circle2Job,
  CircleJob,
  Device,
  DeviceListData,
} from '@pvforge/contracts';
import { parseSpectrumCsv } from '@pvforge/engine';
import { ApiError, apiBase, call, NetworkError, signedFetch } from './client';

/**
 * Calls of the circuit forms, the calculation lists and the demo page (spec §7: /sys/calc/*).
 * Submissions go through `call`, so a refused input throws ApiError whose answer.data carries
 * {field, errors} (code 4105) for the form to show next to the field.
 */
export type CircuitKind = 'circle' | 'circle2';
export type ListScope = 'device' | 'circuit';

export const circuitApi = {
  submitCircuit: (kind: CircuitKind, job: CircleJob | Circle2Job, name?: string, priority = false) =>
    call<{ id: number }>(`/sys/calc/${kind}`, {
      body: { job, ...(name ? { name } : {}), ...(priority ? { priority } : {}) },
      idempotent: true,
    }),
  submitDevice: (kind: 'opt' | 'elec', device: unknown, name?: string) =>
    call<{ id: number }>(`/sys/calc/${kind}`, { body: { device, ...(name ? { name } : {}) }, idempotent: true }),
  /** Re-runs a calculation: the same input submitted again under the same name. */
  rerun: (kind: CalcKind, input: unknown, name: string) =>
    kind === 'opt' || kind === 'elec'
      ? circuitApi.submitDevice(kind, input, name)
      : call<{ id: number }>(`/sys/calc/${kind}`, { body: { job: input, name } }),
  calcData: (id: number) => call<CalcDetail>('/sys/calc/calcData', { body: { id } }),
  list: (scope: ListScope, body: CalcListBody) =>
    call<CalcListData>(scope === 'device' ? '/sys/calc/calcList' : '/sys/calc/circleCalcList', { body }),
  remove: (id: number) => call<null>('/sys/calc/delete', { body: { id } }),
  cancel: (id: number) => call<null>('/sys/calc/cancel', { body: { id } }),
  /** The public device library (docs/api/library.md); may be absent on an older server. */
  findPublicDevices: (kind: 'opt' | 'elec') =>
    call<DeviceListData>('/sys/device/findPublic', { body: { kind, page: 1, size: 50 } }),
  getDevice: (id: string) => call<Device>('/sys/device/get', { body: { id } }),
};

/** A shipped spectrum (GET /calc/data/spectra/<file>) as the arrays a circuit job carries. */
export async function fetchSpectrum(file: string): Promise<{ wavelengthNm: number[]; irradianceWm2Nm: number[] }> {
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/data/spectra/${encodeURIComponent(file)}`);
  } catch (e) {
    throw new NetworkError(e instanceof Error ? e.message : String(e));
  }
  if (!res.ok) throw new NetworkError(`HTTP ${res.status}`);
  return spectrumJobArrays(await res.text(), file);
}

/**
 * A spectrum CSV read by the engine's one parser (the units stated in the header, e.g.
 * "wavelength_nm,irradiance_W_m2_nm"; wavelengths increasing, irradiance >= 0), as the plain
 * arrays a circuit job carries. Throws the engine's OpticsInputError, whose message names the line
 * or field and says why.
 */
export function spectrumJobArrays(
  text: string,
  name = 'spectrum',
): { wavelengthNm: number[]; irradianceWm2Nm: number[] } {
  const s = parseSpectrumCsv(text, name);
  return { wavelengthNm: Array.from(s.wavelengthNm), irradianceWm2Nm: Array.from(s.irradianceWm2Nm) };
}

/**
 * A binary answer (/sys/calc/outputData, circleData, inputData) saved as a file. The answer is a
 * file on success and a JSON {code, msg} on refusal, which is thrown as ApiError.
 */
export async function downloadCalcFile(path: string, id: number, fallbackName: string): Promise<void> {
  const res = await signedFetch(`${apiBase()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: '*/*' },
    body: JSON.stringify({ id, format: 'xlsx' }),
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json') && !path.endsWith('inputData')) {
    const answer = (await res.json()) as ApiAnswer<unknown>;
    throw new ApiError(answer, res.status);
  }
  if (!res.ok) throw new NetworkError(`HTTP ${res.status}`);
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const name = star?.[1] ? decodeURIComponent(star[1]) : (plain?.[1] ?? fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
