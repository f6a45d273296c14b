/**
 * Sheets of a coupled electrical result's transient protocol and impedance spectrum
 * (runDeviceSimulation's `transient` and `impedance`, packages/engine/src/device/transient.ts):
 *   Transient          the saved samples: t, V, J (displacement current included), light (1 = on)
 *   Transient summary  hysteresis index, ion-number drift, solver statistics, convergence, error
 *   Scan figures       one row per scan: direction, rate, Jsc, Voc, FF, PCE, Vmp, Jmp
 *   Scan <n> <dir>     each scan's V and J
 *   Profile t=<time>   the profiles at each profile time, with the mobile ion densities
 *   Impedance          f, Z', Z'', |Z|, phase, C; Impedance summary: DC point, convergence, error
 */
import { FIGURE_COLUMNS, profileColumns } from './electrical-columns.js';
import type { Shape } from './shape.js';
import { type Cell, columns, quantities, type Table } from './table.js';
import { h, U } from './units.js';

/** A scan's figures: those of a J-V curve but Pmax (the engine gives a scan none). */
const SCAN_FIGURES = FIGURE_COLUMNS.filter(([key]) => key !== 'Pmax_mW_cm2');

/** A time for a sheet name: "t=17 s", "t=2.5 ms" (the exact time is in the sheet's first column). */
function timeLabel(t: number): string {
  const p = (x: number) => String(Number(x.toPrecision(4)));
  if (t === 0 || t >= 1) return `${p(t)} s`;
  if (t >= 1e-3) return `${p(t * 1e3)} ms`;
  return `${p(t * 1e6)} us`;
}

export function transientTables(
  v: unknown,
  s: Shape,
  path = 'result.transient',
): { tables: Table[]; converged: boolean } {
  const r = s.obj(v, path);
  const t = s.nums(r['t_s'], `${path}.t_s`);
  const n = t.length;
  const converged = s.bool(r['converged'], `${path}.converged`);
  const st = r['stats'] === undefined ? undefined : s.obj(r['stats'], `${path}.stats`);
  const tables: Table[] = [
    columns('Transient', [
      { header: h('Time', U.s), values: t },
      { header: h('V', U.V), values: s.nums(r['V'], `${path}.V`, n) },
      { header: h('J', U.mAcm2), values: s.nums(r['J_mA_cm2'], `${path}.J_mA_cm2`, n) },
      { header: h('Light', U.onOff), values: s.nums(r['light'], `${path}.light`, n) },
    ]),
    quantities('Transient summary', [
      ['Converged', converged, ''],
      ['Hysteresis index', s.optNum(r['hysteresisIndex'], `${path}.hysteresisIndex`), U.fraction],
      ['Ion number drift', s.optNum(r['ionNumberDrift'], `${path}.ionNumberDrift`), U.fraction],
      ['Time steps', st ? s.num(st['steps'], `${path}.stats.steps`) : undefined, ''],
      ['Rejected steps', st ? s.num(st['rejected'], `${path}.stats.rejected`) : undefined, ''],
      ['Newton iterations', st ? s.num(st['newtonIterations'], `${path}.stats.newtonIterations`) : undefined, ''],
      ['Elapsed', st ? s.num(st['elapsed_ms'], `${path}.stats.elapsed_ms`) : undefined, U.ms],
      ['Error', s.optMsg(r['error'], `${path}.error`), ''],
    ]),
  ];
  const scans = s.arr(r['scans'], `${path}.scans`);
  const figureRows: Cell[][] = [];
  const scanTables: Table[] = [];
  scans.forEach((x, k) => {
    const sp = `${path}.scans[${k}]`;
    const o = s.obj(x, sp);
    const direction = s.str(o['direction'], `${sp}.direction`);
    const V = s.nums(o['V'], `${sp}.V`);
    const f = o['figures'] === undefined ? undefined : s.obj(o['figures'], `${sp}.figures`);
    figureRows.push([
      k + 1,
      direction,
      s.num(o['rate_V_s'], `${sp}.rate_V_s`),
      ...SCAN_FIGURES.map(([key]) => (f ? s.num(f[key], `${sp}.figures.${key}`) : null)),
    ]);
    scanTables.push(
      columns(`Scan ${k + 1} ${direction}`, [
        { header: h('V', U.V), values: V },
        { header: h('J', U.mAcm2), values: s.nums(o['J_mA_cm2'], `${sp}.J_mA_cm2`, V.length) },
      ]),
    );
  });
  if (scans.length)
    tables.push(
      {
        name: 'Scan figures',
        headers: ['Scan', 'Direction', h('Rate', U.Vs), ...SCAN_FIGURES.map(([, hd]) => hd)],
        rows: figureRows,
      },
      ...scanTables,
    );
  // the profiles: an index sheet (time, V, J of each) and one sheet per time
  const profiles = r['profiles'] === undefined ? [] : s.arr(r['profiles'], `${path}.profiles`);
  const index: Cell[][] = [];
  const sheets: Table[] = [];
  profiles.forEach((p, k) => {
    const pp = `${path}.profiles[${k}]`;
    const o = s.obj(p, pp);
    const time = s.num(o['t_s'], `${pp}.t_s`);
    const name = `Profile t=${timeLabel(time)}`;
    index.push([name, time, s.num(o['V'], `${pp}.V`), s.num(o['J_mA_cm2'], `${pp}.J_mA_cm2`)]);
    sheets.push(columns(name, profileColumns(o, pp, s)));
  });
  if (profiles.length)
    tables.push(
      { name: 'Transient profiles', headers: ['Profile', h('Time', U.s), h('V', U.V), h('J', U.mAcm2)], rows: index },
      ...sheets,
    );
  return { tables, converged };
}

export function impedanceTables(
  v: unknown,
  s: Shape,
  path = 'result.impedance',
): { tables: Table[]; converged: boolean } {
  const r = s.obj(v, path);
  const f = s.nums(r['frequency_Hz'], `${path}.frequency_Hz`);
  const n = f.length;
  const re = s.nums(r['Z_re_ohm_cm2'], `${path}.Z_re_ohm_cm2`, n);
  const im = s.nums(r['Z_im_ohm_cm2'], `${path}.Z_im_ohm_cm2`, n);
  const converged = s.bool(r['converged'], `${path}.converged`);
  return {
    converged,
    tables: [
      columns('Impedance', [
        { header: h('Frequency', U.Hz), values: f },
        { header: h("Z'", U.ohmCm2), values: re },
        { header: h("Z''", U.ohmCm2), values: im },
        { header: h('|Z|', U.ohmCm2), values: re.map((x, i) => Math.hypot(x, im[i]!)) },
        { header: h('Phase', U.deg), values: re.map((x, i) => (Math.atan2(im[i]!, x) * 180) / Math.PI) },
        { header: h('C', U.Fcm2), values: s.nums(r['C_F_cm2'], `${path}.C_F_cm2`, n) },
      ]),
      quantities('Impedance summary', [
        ['Converged', converged, ''],
        ['DC voltage', s.num(r['V_dc'], `${path}.V_dc`), U.V],
        ['DC current', s.num(r['J_dc_mA_cm2'], `${path}.J_dc_mA_cm2`), U.mAcm2],
        ['Elapsed', s.optNum(r['elapsed_ms'], `${path}.elapsed_ms`), U.ms],
        ['Error', s.optMsg(r['error'], `${path}.error`), ''],
      ]),
    ],
  };
}
