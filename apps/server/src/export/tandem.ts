/**
 * Sheets of a monolithic tandem run (runTandemSimulation, packages/engine/src/tandem): the 2T and
 * 4T figures beside each subcell's, the photocurrents and the mismatch with the limiting subcell,
 * the series-connected J-V and each subcell's J-V, each subcell's generation profile, the
 * current-matching thickness sweep, and the whole-stack run's sheets when it was asked for.
 */

import type { Shape } from './shape.js';
import type { ElectricalSheets } from './sheets.js';
import { columns, quantities, type Table } from './table.js';
import { h, U } from './units.js';

/** True when the result looks like runTandemSimulation's (checked in detail below). */
export function isTandem(r: Record<string, unknown>): boolean {
  return 'subcells' in r && 'mismatch' in r;
}

const FIGURES = [
  ['Jsc', 'Jsc_mA_cm2', U.mAcm2],
  ['Voc', 'Voc_V', U.V],
  ['FF', 'FF', U.fraction],
  ['PCE', 'PCE_percent', U.percent],
  ['Vmp', 'Vmp_V', U.V],
  ['Jmp', 'Jmp_mA_cm2', U.mAcm2],
] as const;

export function tandemTables(
  r: Record<string, unknown>,
  s: Shape,
  wholeStack: (result: unknown) => ElectricalSheets,
): ElectricalSheets {
  const device = s.str(r['device'], 'result.device');
  const warnings = r['warnings'] === undefined ? [] : s.msgs(r['warnings'], 'result.warnings');
  const cells = s.arr(r['subcells'], 'result.subcells').map((c, i) => s.obj(c, `result.subcells[${i}]`));
  const names = cells.map((c, i) => s.str(c['subcell'], `result.subcells[${i}].subcell`));
  const mismatch = s.obj(r['mismatch'], 'result.mismatch');
  const series = r['series'] === undefined ? undefined : s.obj(r['series'], 'result.series');
  const fourT = r['fourTerminal'] === undefined ? undefined : s.obj(r['fourTerminal'], 'result.fourTerminal');
  const optical = s.obj(r['optical'], 'result.optical');
  const junction = s.obj(r['junction'], 'result.junction');
  const figuresOf = (o: Record<string, unknown> | undefined, path: string) => {
    const f = o?.['figures'] === undefined ? undefined : s.obj(o['figures'], `${path}.figures`);
    return FIGURES.map(([, key]) => (f ? (s.optNum(f[key], `${path}.figures.${key}`) ?? null) : null));
  };

  const figures: Table = {
    name: 'Tandem figures',
    headers: ['Curve', ...FIGURES.map(([q, , u]) => h(q, u))],
    rows: [
      ['2T (subcells in series)', ...figuresOf(series, 'result.series')],
      ...cells.map((c, i) => [`${names[i]} cell`, ...figuresOf(c, `result.subcells[${i}]`)]),
    ],
  };
  if (r['fullStack'] !== undefined) {
    const full = s.obj(r['fullStack'], 'result.fullStack');
    const light = full['light'] === undefined ? undefined : s.obj(full['light'], 'result.fullStack.light');
    figures.rows.push(['2T (whole stack, drift-diffusion)', ...figuresOf(light, 'result.fullStack.light')]);
  }
  const summary = quantities('Tandem summary', [
    ['Incident power', s.num(r['incidentPowerMwCm2'], 'result.incidentPowerMwCm2'), U.mWcm2],
    ...cells.map((c, i): [string, number, string] => [
      `Photocurrent, ${names[i]} cell`,
      s.num(c['jPhotoMaCm2'], `result.subcells[${i}].jPhotoMaCm2`),
      U.mAcm2,
    ]),
    ['Photocurrent, junction layers', s.num(junction['jPhotoMaCm2'], 'result.junction.jPhotoMaCm2'), U.mAcm2],
    ['Parasitic absorption', s.num(optical['jParasiticMaCm2'], 'result.optical.jParasiticMaCm2'), U.mAcm2],
    ['Reflected', s.num(optical['jReflectedMaCm2'], 'result.optical.jReflectedMaCm2'), U.mAcm2],
    ['Transmitted', s.num(optical['jTransmittedMaCm2'], 'result.optical.jTransmittedMaCm2'), U.mAcm2],
    [
      'Mismatch J_top - J_bottom',
      s.num(mismatch['jTopMinusBottomMaCm2'], 'result.mismatch.jTopMinusBottomMaCm2'),
      U.mAcm2,
    ],
    ['Mismatch, relative', s.num(mismatch['relative'], 'result.mismatch.relative'), U.fraction],
    ['Limiting subcell', s.str(mismatch['limiting'], 'result.mismatch.limiting'), ''],
    [
      'PCE 4T (top + bottom)',
      fourT ? s.num(fourT['pcePercent'], 'result.fourTerminal.pcePercent') : undefined,
      U.percent,
    ],
    ['Elapsed', s.optNum(r['elapsedMs'], 'result.elapsedMs'), U.ms],
  ]);
  const tables: Table[] = [figures, summary];
  if (series) {
    const V = s.nums(series['V'], 'result.series.V');
    tables.push(
      columns('Tandem J-V (2T)', [
        { header: h('V', U.V), values: V },
        { header: h('J', U.mAcm2), values: s.nums(series['J_mA_cm2'], 'result.series.J_mA_cm2', V.length) },
      ]),
    );
  }
  let converged = series !== undefined;
  cells.forEach((c, i) => {
    const p = `result.subcells[${i}]`;
    converged &&= s.bool(c['converged'], `${p}.converged`);
    const V = s.nums(c['V'], `${p}.V`);
    tables.push(
      columns(`${names[i]} cell J-V`, [
        { header: h('V', U.V), values: V },
        { header: h('J', U.mAcm2), values: s.nums(c['J_mA_cm2'], `${p}.J_mA_cm2`, V.length) },
      ]),
    );
    const g = s.obj(c['generation'], `${p}.generation`);
    const x = s.nums(g['x_nm'], `${p}.generation.x_nm`);
    tables.push(
      columns(`${names[i]} cell generation`, [
        { header: h('Position in the subcell', U.nm), values: x },
        { header: h('G', U.cm3s), values: s.nums(g['G_cm3_s'], `${p}.generation.G_cm3_s`, x.length) },
      ]),
    );
  });
  if (r['thicknessSweep'] !== undefined) {
    const sw = s.obj(r['thicknessSweep'], 'result.thicknessSweep');
    const d = s.nums(sw['thicknessNm'], 'result.thicknessSweep.thicknessNm');
    const layer = s.str(sw['layer'], 'result.thicknessSweep.layer');
    tables.push(
      columns('Thickness sweep', [
        { header: h(`Thickness of ${layer}`, U.nm), values: d },
        { header: h('J top', U.mAcm2), values: s.nums(sw['jTopMaCm2'], 'result.thicknessSweep.jTopMaCm2', d.length) },
        {
          header: h('J bottom', U.mAcm2),
          values: s.nums(sw['jBottomMaCm2'], 'result.thicknessSweep.jBottomMaCm2', d.length),
        },
      ]),
      quantities('Current matching', [
        [
          `Matched thickness of ${layer}`,
          s.optNum(sw['matchedThicknessNm'], 'result.thicknessSweep.matchedThicknessNm'),
          U.nm,
        ],
      ]),
    );
  }
  if (r['fullStack'] !== undefined) {
    const whole = wholeStack(r['fullStack']);
    tables.push(...whole.tables.map((t) => ({ ...t, name: `Stack ${t.name}` })));
  }
  return { device, resultType: 'monolithic tandem (runTandemSimulation)', tables, warnings, converged };
}
