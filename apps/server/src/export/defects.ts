/**
 * Sheets of the defect and capacitance results of a coupled electrical result
 * (runDeviceSimulation, packages/engine/src/device/capacitance.ts): the C-V sweep with 1/C² and
 * the fitted Mott-Schottky line, its reading (doping, built-in voltage, range), the C-f sweep with
 * -f dC/df, the J-V loss of each defect, and the columns the profiles gain with defects (trapped
 * charge, occupation of each defect) and the interface defect sheets of each bias.
 */
import { mottSchottkyNote } from '@pvforge/engine';
import type { Shape } from './shape.js';
import { type Cell, columns, quantities, type Table } from './table.js';
import { h, U } from './units.js';

const invC2 = 'cm⁴/F²';
const qcm3 = 'q cm⁻³';
const qcm2 = 'q cm⁻²';

export function capacitanceVoltageTables(v: unknown, s: Shape, path = 'result.capacitanceVoltage') {
  const r = s.obj(v, path);
  const V = s.nums(r['V'], `${path}.V`);
  const C = s.nums(r['C_F_cm2'], `${path}.C_F_cm2`, V.length);
  const y = s.nums(r['invC2_cm4_F2'], `${path}.invC2_cm4_F2`, V.length);
  const ms = r['mottSchottky'] === undefined ? undefined : s.obj(r['mottSchottky'], `${path}.mottSchottky`);
  const cols: { header: string; values: ArrayLike<Cell> }[] = [
    { header: h('V', U.V), values: V },
    { header: h('C', U.Fcm2), values: C },
    { header: h('1/C²', invC2), values: y },
  ];
  const converged = s.bool(r['converged'], `${path}.converged`);
  const items: [string, Cell | undefined, string][] = [
    ['Converged', converged, ''],
    ['Frequency', s.num(r['frequency_Hz'], `${path}.frequency_Hz`), U.Hz],
  ];
  if (ms) {
    const slope = s.num(ms['slope'], `${path}.mottSchottky.slope`);
    const intercept = s.num(ms['intercept'], `${path}.mottSchottky.intercept`);
    const range = s.nums(ms['range_V'], `${path}.mottSchottky.range_V`, 2);
    cols.push({
      header: h('1/C² fitted line', invC2),
      values: V.map((x) => (x >= range[0]! && x <= range[1]! ? intercept + slope * x : null)),
    });
    items.push(
      ['Mott-Schottky doping', s.num(ms['doping_cm3'], `${path}.mottSchottky.doping_cm3`), U.cm3],
      ['Mott-Schottky built-in voltage', s.num(ms['Vbi_V'], `${path}.mottSchottky.Vbi_V`), U.V],
      ['Fit from', range[0]!, U.V],
      ['Fit to', range[1]!, U.V],
      ['Slope', slope, `${invC2} per V`],
      ['Intercept', intercept, invC2],
      ['R²', s.num(ms['r2'], `${path}.mottSchottky.r2`), ''],
      ['Layer of the permittivity', s.str(ms['layer'], `${path}.mottSchottky.layer`), ''],
      ['Relative permittivity', s.num(ms['eps_r'], `${path}.mottSchottky.eps_r`), ''],
    );
  }
  const check =
    r['mottSchottkyCheck'] === undefined ? undefined : s.obj(r['mottSchottkyCheck'], `${path}.mottSchottkyCheck`);
  if (check) {
    const at = `${path}.mottSchottkyCheck`;
    const searched = s.nums(check['range_V'], `${at}.range_V`, 2);
    const reading = {
      geometric_F_cm2: s.num(check['geometric_F_cm2'], `${at}.geometric_F_cm2`),
      maxOverGeometric: s.num(check['maxOverGeometric'], `${at}.maxOverGeometric`),
      builtIn_V: s.num(check['builtIn_V'], `${at}.builtIn_V`),
      refused: s.optStr(check['refused'], `${at}.refused`) as Parameters<typeof mottSchottkyNote>[0]['refused'],
      vbiBeyondBands: check['vbiBeyondBands'] === true,
    };
    items.push(
      ['Range searched from', searched[0]!, U.V],
      ['Range searched to', searched[1]!, U.V],
      ['Geometric capacitance', reading.geometric_F_cm2, U.Fcm2],
      ['Largest C / geometric capacitance', reading.maxOverGeometric, ''],
      ['Equilibrium potential drop (W anode - W cathode)', reading.builtIn_V, U.V],
      ['Note', mottSchottkyNote(reading, ms ? s.num(ms['Vbi_V'], `${path}.mottSchottky.Vbi_V`) : undefined), ''],
    );
  }
  items.push(
    ['Elapsed', s.optNum(r['elapsed_ms'], `${path}.elapsed_ms`), U.ms],
    ['Error', s.optMsg(r['error'], `${path}.error`), ''],
  );
  return { converged, tables: [columns('C-V', cols), quantities('Mott-Schottky', items)] };
}

export function capacitanceFrequencyTables(v: unknown, s: Shape, path = 'result.capacitanceFrequency') {
  const r = s.obj(v, path);
  const f = s.nums(r['frequency_Hz'], `${path}.frequency_Hz`);
  const converged = s.bool(r['converged'], `${path}.converged`);
  return {
    converged,
    tables: [
      columns('C-f', [
        { header: h('Frequency', U.Hz), values: f },
        { header: h('C', U.Fcm2), values: s.nums(r['C_F_cm2'], `${path}.C_F_cm2`, f.length) },
        { header: h('-f dC/df', U.Fcm2), values: s.nums(r['minusFdCdf_F_cm2'], `${path}.minusFdCdf_F_cm2`, f.length) },
      ]),
      quantities('C-f summary', [
        ['Converged', converged, ''],
        ['DC voltage', s.num(r['V_dc'], `${path}.V_dc`), U.V],
        ['Elapsed', s.optNum(r['elapsed_ms'], `${path}.elapsed_ms`), U.ms],
        ['Error', s.optMsg(r['error'], `${path}.error`), ''],
      ]),
    ],
  };
}

/** One row per defect: where, which, figures without it and what it costs. */
export function defectLossTable(v: unknown, s: Shape, path = 'result.defectLosses'): Table {
  const rows = s.arr(v, path).map((x, i): Cell[] => {
    const p = `${path}[${i}]`;
    const o = s.obj(x, p);
    const w = o['without'] === undefined ? undefined : s.obj(o['without'], `${p}.without`);
    return [
      s.str(o['where'], `${p}.where`),
      s.str(o['location'], `${p}.location`),
      s.str(o['name'], `${p}.name`),
      s.str(o['type'], `${p}.type`),
      s.bool(o['converged'], `${p}.converged`),
      w ? s.num(w['PCE_percent'], `${p}.without.PCE_percent`) : null,
      w ? s.num(w['Voc_V'], `${p}.without.Voc_V`) : null,
      s.optNum(o['deltaPCE_percent'], `${p}.deltaPCE_percent`) ?? null,
      s.optNum(o['deltaVoc_V'], `${p}.deltaVoc_V`) ?? null,
      s.optNum(o['deltaJsc_mA_cm2'], `${p}.deltaJsc_mA_cm2`) ?? null,
      s.optNum(o['deltaFF'], `${p}.deltaFF`) ?? null,
    ];
  });
  return {
    name: 'Defect losses',
    headers: [
      'Where',
      'Layer or interface',
      'Defect',
      'Type',
      'Converged',
      h('PCE without it', U.percent),
      h('Voc without it', U.V),
      h('PCE gained without it', U.percent),
      h('Voc gained without it', U.V),
      h('Jsc gained without it', U.mAcm2),
      h('FF gained without it', U.fraction),
    ],
    rows,
  };
}

/** The profile columns defects add: trapped charge and each defect's occupation. */
export function defectProfileColumns(
  o: Record<string, unknown>,
  pp: string,
  n: number,
  s: Shape,
): { header: string; values: ArrayLike<Cell> }[] {
  const cols: { header: string; values: ArrayLike<Cell> }[] = [];
  if (o['trappedCharge_cm3'] !== undefined)
    cols.push({
      header: h('Trapped charge', qcm3),
      values: s.nums(o['trappedCharge_cm3'], `${pp}.trappedCharge_cm3`, n),
    });
  if (o['defects'] !== undefined)
    s.arr(o['defects'], `${pp}.defects`).forEach((d, k) => {
      const dp = `${pp}.defects[${k}]`;
      const x = s.obj(d, dp);
      const occ = s
        .arr(x['occupation'], `${dp}.occupation`)
        .map((v, i) => (v === null ? null : s.num(v, `${dp}.occupation[${i}]`)));
      cols.push({
        header: h(
          `Occupation ${s.str(x['layer'], `${dp}.layer`)} defect ${s.num(x['index'], `${dp}.index`) + 1} ${s.str(x['type'], `${dp}.type`)}`,
          U.fraction,
        ),
        values: occ,
      });
    });
  return cols;
}

/** The interface defect sheets of each bias: occupation and sheet charge. */
export function interfaceDefectTable(
  profiles: { label: string; V: number; o: Record<string, unknown>; pp: string }[],
  sfx: string,
  s: Shape,
): Table | undefined {
  const rows: Cell[][] = [];
  for (const { label, V, o, pp } of profiles) {
    if (o['interfaceDefects'] === undefined) continue;
    s.arr(o['interfaceDefects'], `${pp}.interfaceDefects`).forEach((d, k) => {
      const dp = `${pp}.interfaceDefects[${k}]`;
      const x = s.obj(d, dp);
      rows.push([
        label,
        V,
        s.str(x['interface'], `${dp}.interface`),
        s.num(x['occupation'], `${dp}.occupation`),
        s.num(x['charge_cm2'], `${dp}.charge_cm2`),
      ]);
    });
  }
  if (!rows.length) return undefined;
  return {
    name: `Interface defects${sfx}`,
    headers: ['Bias', h('V', U.V), 'Interface', h('Occupation', U.fraction), h('Sheet charge', qcm2)],
    rows,
  };
}
