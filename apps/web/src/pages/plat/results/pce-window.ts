/**
 * SCAPS divides the maximum power by the incident power inside the simulated wavelength window;
 * PVForge's PCE divides by the whole spectrum's power. Where the engine gives both (results since
 * issue 26), every table shows them side by side, each labelled, the window with its bounds; an
 * older result has only the full-spectrum PCE, shown as before.
 */
type T = (k: string, o?: Record<string, unknown>) => string;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SpectrumWindow {
  startNm: number;
  endNm: number;
}

/** The simulated wavelength window of a device calculation's input (a sweep keeps its device under `device`). */
export function spectrumWindow(input: unknown): SpectrumWindow | undefined {
  if (!isObj(input)) return undefined;
  const device = input['sweep'] === true && isObj(input['device']) ? input['device'] : input;
  const ill = isObj(device['illumination']) ? device['illumination'] : undefined;
  const wl = ill && isObj(ill['wavelength']) ? ill['wavelength'] : undefined;
  const startNm = wl?.['startNm'];
  const endNm = wl?.['endNm'];
  return typeof startNm === 'number' && typeof endNm === 'number' ? { startNm, endNm } : undefined;
}

/** The two PCE columns' titles: "PCE（全光谱） (%)" and "PCE（300–1200 nm 窗口，同 SCAPS） (%)". */
export function pceTitles(t: T, w: SpectrumWindow | undefined): { full: string; window: string } {
  return {
    full: `${t('interop.pce.full')} (%)`,
    window: `${w ? t('interop.pce.window', { from: w.startNm, to: w.endNm }) : t('interop.pce.windowShort')} (%)`,
  };
}
