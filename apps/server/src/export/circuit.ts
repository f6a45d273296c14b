/**
 * Sheets of a circuit calculation (runCircuitJob, packages/engine/src/circuit/jobs.ts): simulated
 * curves with their key figures; fits with the parameters and their confidence intervals, the
 * quality of the fit, the fitted curve and the residuals; the loss analysis (waterfall, gains from
 * removing each loss, power split at the maximum power point, detailed-balance limit).
 */
import type { Shape } from './shape.js';
import { type Cell, columns, quantities, type Table } from './table.js';
import { h, U } from './units.js';

export interface CircuitSheets {
  resultType: string;
  tables: Table[];
  warnings: string[];
}

const KEY_FIGURES: [key: string, header: string][] = [
  ['jscMaCm2', h('Jsc', U.mAcm2)],
  ['vocV', h('Voc', U.V)],
  ['ff', h('FF', U.fraction)],
  ['pcePercent', h('PCE', U.percent)],
  ['vmpV', h('Vmp', U.V)],
  ['jmpMaCm2', h('Jmp', U.mAcm2)],
  ['pmaxMwCm2', h('Pmax', U.mWcm2)],
  ['pinMwCm2', h('Pin', U.mWcm2)],
];

/** Key figures, one row per source ('model', 'data', 'device'...); a null source is left empty. */
function keyFigures(s: Shape, rows: [source: string, value: unknown, path: string][], name = 'Key figures'): Table {
  return {
    name,
    headers: ['Curve', ...KEY_FIGURES.map(([, hd]) => hd)],
    rows: rows.map(([source, v, path]): Cell[] => {
      if (v === null) return [source, ...KEY_FIGURES.map(() => null)];
      const o = s.obj(v, path);
      return [source, ...KEY_FIGURES.map(([k]) => s.num(o[k], `${path}.${k}`))];
    }),
  };
}

export function circuitTables(result: unknown, s: Shape): CircuitSheets {
  const r = s.obj(result, 'result');
  const kind = r['kind'];
  switch (kind) {
    case 'simulate-sdm':
    case 'simulate-2dm':
    case 'simulate-modified':
      return simulated(kind, r, s);
    case 'fit':
      return fit(r, s);
    case 'losses':
      return { resultType: 'loss analysis', tables: lossTables(r['losses'], s, 'result.losses'), warnings: [] };
    case 'detailed-balance':
      return {
        resultType: 'detailed-balance limit',
        tables: [detailedBalance(r['result'], s, 'result.result')],
        warnings: [],
      };
    default:
      return s.fail(
        'result.kind',
        'one of simulate-sdm, simulate-2dm, simulate-modified, fit, losses, detailed-balance',
        kind,
      );
  }
}

function simulated(kind: string, r: Record<string, unknown>, s: Shape): CircuitSheets {
  const c = s.obj(r['curve'], 'result.curve');
  const V = s.nums(c['voltageV'], 'result.curve.voltageV');
  const cols: { header: string; values: ArrayLike<Cell> }[] = [
    { header: h('V', U.V), values: V },
    { header: h('J', U.mAcm2), values: s.nums(c['jMaCm2'], 'result.curve.jMaCm2', V.length) },
  ];
  if (c['components'] !== undefined) {
    const comp = s.obj(c['components'], 'result.curve.components');
    for (const [k, name] of [
      ['radiative', 'J radiative'],
      ['bulk', 'J bulk SRH'],
      ['interface', 'J interface'],
      ['auger', 'J Auger'],
      ['shunt', 'J shunt'],
    ] as const)
      cols.push({ header: h(name, U.mAcm2), values: s.nums(comp[k], `result.curve.components.${k}`, V.length) });
  }
  return {
    resultType: `simulated curve (${kind.replace('simulate-', '')})`,
    tables: [keyFigures(s, [['model', c['keyFigures'], 'result.curve.keyFigures']]), columns('J-V', cols)],
    warnings: [],
  };
}

function fit(r: Record<string, unknown>, s: Shape): CircuitSheets {
  const f = s.obj(r['fit'], 'result.fit');
  const model = s.str(f['model'], 'result.fit.model');
  const V = s.nums(f['voltageV'], 'result.fit.voltageV');
  const fitted = s.nums(f['fittedJMaCm2'], 'result.fit.fittedJMaCm2', V.length);
  const resid = s.nums(f['residualsMaCm2'], 'result.fit.residualsMaCm2', V.length);
  const params = s.arr(f['parameters'], 'result.fit.parameters').map((p, i): Cell[] => {
    const pp = `result.fit.parameters[${i}]`;
    const o = s.obj(p, pp);
    const atBound = o['atBound'];
    return [
      s.str(o['key'], `${pp}.key`),
      s.optStr(o['description'], `${pp}.description`) ?? null,
      // the engine writes 'mA/cm^2', 'Ohm cm^2': shown as a physicist writes them
      prettyUnit(s.str(o['unit'], `${pp}.unit`)),
      s.num(o['value'], `${pp}.value`),
      s.num(o['ciLow'], `${pp}.ciLow`),
      s.num(o['ciHigh'], `${pp}.ciHigh`),
      s.num(o['ciLowIndividual'], `${pp}.ciLowIndividual`),
      s.num(o['ciHighIndividual'], `${pp}.ciHighIndividual`),
      s.num(o['stdErrorVariable'], `${pp}.stdErrorVariable`),
      s.bool(o['logScale'], `${pp}.logScale`),
      s.bool(o['fixed'], `${pp}.fixed`),
      typeof atBound === 'string' ? atBound : null,
      s.num(o['lo'], `${pp}.lo`),
      s.num(o['hi'], `${pp}.hi`),
    ];
  });
  const level = s.num(f['confidenceLevel'], 'result.fit.confidenceLevel');
  const pct = `${Number((level * 100).toFixed(6))}%`;
  const tables: Table[] = [
    {
      name: 'Fit parameters',
      // each parameter has its own unit, so the unit is a column; the value columns share it
      headers: [
        'Parameter',
        'Description',
        'Unit',
        'Value',
        `CI low ${pct}`,
        `CI high ${pct}`,
        `CI low ${pct} (individual)`,
        `CI high ${pct} (individual)`,
        'Std error (fit variable)',
        'Log scale',
        'Fixed',
        'At bound',
        'Lower bound',
        'Upper bound',
      ],
      rows: params,
    },
    quantities('Fit quality', [
      ['Model', model, ''],
      ['RMSE', s.num(f['rmseMaCm2'], 'result.fit.rmseMaCm2'), U.mAcm2],
      ['R²', s.num(f['r2'], 'result.fit.r2'), ''],
      ['Confidence level', level, U.fraction],
      ['Intervals', s.optStr(f['intervals'], 'result.fit.intervals'), ''],
      ['Iterations', s.optNum(f['iterations'], 'result.fit.iterations'), ''],
      ['Points fitted', V.length, ''],
    ]),
    keyFigures(s, [
      ['model', f['modelKeyFigures'] ?? null, 'result.fit.modelKeyFigures'],
      ['data', f['dataKeyFigures'], 'result.fit.dataKeyFigures'],
    ]),
    columns('Fitted curve', [
      { header: h('V', U.V), values: V },
      // the engine's residual is fit - data, so data = fit - residual (to the last bit or so)
      { header: h('J data', U.mAcm2), values: fitted.map((x, i) => x - resid[i]!) },
      { header: h('J fit', U.mAcm2), values: fitted },
      { header: h('Residual fit - data', U.mAcm2), values: resid },
    ]),
  ];
  const warnings = f['warnings'] === undefined ? [] : s.strs(f['warnings'], 'result.fit.warnings');
  if (r['input'] !== undefined) {
    const inp = s.obj(r['input'], 'result.input');
    const m = s.obj(inp['measured'], 'result.input.measured');
    const mv = s.nums(m['voltageV'], 'result.input.measured.voltageV');
    tables.push(
      columns('Measured points', [
        { header: h('V', U.V), values: mv },
        { header: h('J', U.mAcm2), values: s.nums(m['jMaCm2'], 'result.input.measured.jMaCm2', mv.length) },
      ]),
    );
    if (inp['detected'] !== undefined) {
      const d = s.obj(inp['detected'], 'result.input.detected');
      const text = (k: string) => (d[k] === undefined || d[k] === null ? undefined : String(d[k]));
      tables.push(
        quantities('Curve file', [
          ['Header', Array.isArray(d['header']) ? d['header'].join(' | ') : undefined, ''],
          ['Voltage column', text('voltageColumn'), ''],
          ['Current column', text('currentColumn'), ''],
          ['Voltage unit', text('voltageUnit'), ''],
          ['Current unit', text('currentUnit'), ''],
          ['Sign flipped', typeof d['signFlipped'] === 'boolean' ? d['signFlipped'] : undefined, ''],
          ['Illumination', text('illumination'), ''],
          ['Sweep', text('sweep'), ''],
        ]),
      );
    }
    if (inp['warnings'] !== undefined) warnings.push(...s.strs(inp['warnings'], 'result.input.warnings'));
  }
  if (r['losses'] !== undefined) tables.push(...lossTables(r['losses'], s, 'result.losses'));
  return { resultType: `fit (${model} model)`, tables, warnings };
}

function lossTables(v: unknown, s: Shape, path: string): Table[] {
  const l = s.obj(v, path);
  const waterfall = s.arr(l['waterfall'], `${path}.waterfall`).map((w, i): Cell[] => {
    const wp = `${path}.waterfall[${i}]`;
    const o = s.obj(w, wp);
    return [
      s.str(o['name'], `${wp}.name`),
      s.num(o['lossMwCm2'], `${wp}.lossMwCm2`),
      s.num(o['lossPercent'], `${wp}.lossPercent`),
      s.num(o['remainingMwCm2'], `${wp}.remainingMwCm2`),
    ];
  });
  const removal = s.arr(l['removal'], `${path}.removal`).map((w, i): Cell[] => {
    const wp = `${path}.removal[${i}]`;
    const o = s.obj(w, wp);
    return [
      s.str(o['mechanism'], `${wp}.mechanism`),
      s.num(o['pcePercent'], `${wp}.pcePercent`),
      s.num(o['gainPercent'], `${wp}.gainPercent`),
      s.num(o['normalised'], `${wp}.normalised`),
    ];
  });
  const mpp = s.obj(l['mpp'], `${path}.mpp`);
  const m = (k: string) => s.num(mpp[k], `${path}.mpp.${k}`);
  return [
    quantities('Loss summary', [
      ['Device PCE', s.num(l['pcePercent'], `${path}.pcePercent`), U.percent],
      ['J0 radiative', s.num(l['j0RadMaCm2'], `${path}.j0RadMaCm2`), U.mAcm2],
    ]),
    keyFigures(s, [['device', l['device'], `${path}.device`]], 'Loss key figures'),
    {
      name: 'Loss waterfall',
      headers: ['Step', h('Loss', U.mWcm2), h('Loss', '% of Pin'), h('Remaining', U.mWcm2)],
      rows: waterfall,
    },
    {
      name: 'Loss removal gains',
      headers: ['Loss removed', h('PCE', U.percent), h('Gain', '% abs.'), h('Share of single gains', U.fraction)],
      rows: removal,
    },
    {
      name: 'Power lost at MPP',
      headers: ['Channel', h('Power', U.mWcm2)],
      rows: [
        ['Delivered', m('deliveredMwCm2')],
        ['Radiative', m('radiativeMwCm2')],
        ['Bulk SRH', m('bulkMwCm2')],
        ['Interface', m('interfaceMwCm2')],
        ['Auger', m('augerMwCm2')],
        ['Shunt', m('shuntMwCm2')],
        ['Series', m('seriesMwCm2')],
        // the rows above add up to this one: Jph Vd at the maximum power point
        ['Total Jph·Vd', m('totalMwCm2')],
      ],
    },
    quantities('MPP', [
      ['Vmp', m('vmpV'), U.V],
      ['Jmp', m('jmpMaCm2'), U.mAcm2],
      ['Diode voltage Vd', m('vdV'), U.V],
    ]),
    detailedBalance(l['detailedBalance'], s, `${path}.detailedBalance`),
  ];
}

function detailedBalance(v: unknown, s: Shape, path: string): Table {
  const d = s.obj(v, path);
  const n = (k: string) => s.num(d[k], `${path}.${k}`);
  return quantities('Detailed balance', [
    ['Band gap Eg', n('egEV'), U.eV],
    ['Temperature', n('tK'), U.K],
    ['Gap wavelength', n('lambdaGNm'), U.nm],
    ['Incident power', n('pinMwCm2'), U.mWcm2],
    ['Power above the gap', n('aboveGapPowerMwCm2'), U.mWcm2],
    ['Jsc', n('jscMaCm2'), U.mAcm2],
    ['J0', n('j0MaCm2'), U.mAcm2],
    ['Voc', n('vocV'), U.V],
    ['Vmp', n('vmpV'), U.V],
    ['Jmp', n('jmpMaCm2'), U.mAcm2],
    ['Pmax', n('pmaxMwCm2'), U.mWcm2],
    ['FF', n('ff'), U.fraction],
    ['PCE', n('pcePercent'), U.percent],
  ]);
}

function prettyUnit(u: string): string {
  return u
    .replace(/\^-1\b/g, '⁻¹')
    .replace(/\^-2\b/g, '⁻²')
    .replace(/\^-3\b/g, '⁻³')
    .replace(/\^2\b/g, '²')
    .replace(/\^3\b/g, '³')
    .replace(/\bOhm\b/g, 'Ω');
}
