/**
 * Sheets of a circuit calculation (runCircuitJob, packages/engine/src/jobs/circuit-job.ts):
 * simulated curves with their key figures; fits with the parameters, their confidence and
 * profile-likelihood intervals and whether the data determine them, their correlations, the
 * quality of the fit, the fitted curve and the residuals; for the modified model, per curve, the
 * recombination split and what it rests on (the absorber facts); the loss analysis (waterfall,
 * gains from removing each loss, power split at the maximum power point, detailed-balance limit). The figures are the engine's, never recomputed here; one a curve does
 * not have (Voc of a dark curve) is null in the result and an empty cell in the sheet.
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
  // A modified-model fit carries one or more curves with their recombination split (curves);
  // results stored before several curves existed, and the other models, have one curve.
  const mdm =
    r['curves'] === undefined
      ? undefined
      : s.arr(r['curves'], 'result.curves').map((c, i) => s.obj(c, `result.curves[${i}]`));
  const fitCurves =
    f['curves'] === undefined
      ? undefined
      : s.arr(f['curves'], 'result.fit.curves').map((c, i) => s.obj(c, `result.fit.curves[${i}]`));
  const labels =
    fitCurves?.map((c, i) => s.optStr(c['label'], `result.fit.curves[${i}].label`) ?? `curve ${i + 1}`) ?? [];
  const params = s.arr(f['parameters'], 'result.fit.parameters').map((p, i): Cell[] => {
    const pp = `result.fit.parameters[${i}]`;
    const o = s.obj(p, pp);
    const atBound = o['atBound'];
    const curve = o['curve'];
    return [
      s.str(o['key'], `${pp}.key`),
      typeof curve === 'number' ? (labels[curve] ?? `curve ${curve + 1}`) : 'all',
      s.optStr(o['description'], `${pp}.description`) ?? null,
      // the engine writes 'mA/cm^2', 'Ohm cm^2': shown as a physicist writes them
      prettyUnit(s.str(o['unit'], `${pp}.unit`)),
      s.num(o['value'], `${pp}.value`),
      s.num(o['ciLow'], `${pp}.ciLow`),
      s.num(o['ciHigh'], `${pp}.ciHigh`),
      s.num(o['ciLowIndividual'], `${pp}.ciLowIndividual`),
      s.num(o['ciHighIndividual'], `${pp}.ciHighIndividual`),
      s.optNum(o['profileLow'], `${pp}.profileLow`) ?? null,
      s.optNum(o['profileHigh'], `${pp}.profileHigh`) ?? null,
      typeof o['identifiability'] === 'string' ? o['identifiability'] : null,
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
  // the curve of a per-curve parameter: a column only when there are several curves
  const several = (fitCurves?.length ?? 1) > 1;
  const withoutCurve = (row: Cell[]) => (several ? row : [row[0]!, ...row.slice(2)]);
  const tables: Table[] = [
    {
      name: 'Fit parameters',
      // each parameter has its own unit, so the unit is a column; the value columns share it
      headers: [
        'Parameter',
        'Curve',
        'Description',
        'Unit',
        'Value',
        `CI low ${pct}`,
        `CI high ${pct}`,
        `CI low ${pct} (individual)`,
        `CI high ${pct} (individual)`,
        `Profile-likelihood low ${pct}`,
        `Profile-likelihood high ${pct}`,
        'Determined by the data',
        'Std error (fit variable)',
        'Log scale',
        'Fixed',
        'At bound',
        'Lower bound',
        'Upper bound',
      ].filter((x) => several || x !== 'Curve'),
      rows: params.map(withoutCurve),
    },
    quantities('Fit quality', [
      ['Model', model, ''],
      ['RMSE', s.num(f['rmseMaCm2'], 'result.fit.rmseMaCm2'), U.mAcm2],
      ['R²', s.num(f['r2'], 'result.fit.r2'), ''],
      ['Confidence level', level, U.fraction],
      ['Intervals', s.optStr(f['intervals'], 'result.fit.intervals'), ''],
      [
        'Residual lag-1 autocorrelation',
        s.optNum(f['residualAutocorrelation'], 'result.fit.residualAutocorrelation'),
        '',
      ],
      ['Noise variance factor', s.optNum(f['noiseInflation'], 'result.fit.noiseInflation'), ''],
      ['Iterations', s.optNum(f['iterations'], 'result.fit.iterations'), ''],
      [
        'Points fitted',
        fitCurves
          ? fitCurves.reduce((n, c, i) => n + s.arr(c['voltageV'], `result.fit.curves[${i}].voltageV`).length, 0)
          : s.nums(f['voltageV'], 'result.fit.voltageV').length,
        '',
      ],
    ]),
  ];
  if (f['correlation'] !== undefined) {
    const c = s.obj(f['correlation'], 'result.fit.correlation');
    const keys = s.strs(c['keys'], 'result.fit.correlation.keys');
    const matrix = s
      .arr(c['matrix'], 'result.fit.correlation.matrix')
      .map((row, i) => s.nums(row, `result.fit.correlation.matrix[${i}]`, keys.length));
    // every pair once (a matrix would put parameter keys in the headers)
    const pairs: Cell[][] = [];
    keys.forEach((a, i) => {
      for (let j = i + 1; j < keys.length; j++) pairs.push([a, keys[j]!, matrix[i]![j]!]);
    });
    tables.push({ name: 'Correlations', headers: ['Parameter A', 'Parameter B', 'Correlation'], rows: pairs });
  }
  const curves = fitCurves ?? [f];
  if (!mdm) {
    // one curve: as ever
    tables.push(
      keyFigures(s, [
        ['model', f['modelKeyFigures'] ?? null, 'result.fit.modelKeyFigures'],
        ['data', f['dataKeyFigures'], 'result.fit.dataKeyFigures'],
      ]),
      fittedCurve('Fitted curve', f, 'result.fit', s),
    );
  } else {
    tables.push(
      {
        name: 'Curves',
        headers: ['Curve', 'Light', h('Pin', U.mWcm2), 'Suns', h('RMSE', U.mAcm2), 'R²', 'Losses by PCE gain'],
        rows: mdm.map((c, i): Cell[] => {
          const fc = curves[i]!;
          const ranking = c['ranking'] === undefined ? [] : s.strs(c['ranking'], `result.curves[${i}].ranking`);
          return [
            labels[i] ?? `curve ${i + 1}`,
            s.str(c['illumination'], `result.curves[${i}].illumination`),
            s.num(c['pinMwCm2'], `result.curves[${i}].pinMwCm2`),
            s.num(c['suns'], `result.curves[${i}].suns`),
            s.num(fc['rmseMaCm2'], `result.fit.curves[${i}].rmseMaCm2`),
            s.num(fc['r2'], `result.fit.curves[${i}].r2`),
            ranking.join(' > ') || null,
          ];
        }),
      },
      keyFigures(
        s,
        curves.flatMap((c, i): [string, unknown, string][] => [
          [`${labels[i]} model`, c['modelKeyFigures'] ?? null, `result.fit.curves[${i}].modelKeyFigures`],
          [`${labels[i]} data`, c['dataKeyFigures'], `result.fit.curves[${i}].dataKeyFigures`],
        ]),
      ),
    );
    if (r['knowns'] !== undefined) tables.push(absorberFacts(s.obj(r['knowns'], 'result.knowns'), s));
    curves.forEach((c, i) => {
      const n = curves.length > 1 ? ` ${i + 1}` : '';
      tables.push(fittedCurve(`Fitted curve${n}`, c, `result.fit.curves[${i}]`, s));
      tables.push(splitTable(`Recombination split${n}`, mdm[i]!['split'], `result.curves[${i}].split`, s));
    });
  }
  const warnings = f['warnings'] === undefined ? [] : s.msgs(f['warnings'], 'result.fit.warnings');
  const inputs: [unknown, string, string][] = mdm
    ? mdm.map((c, i) => [c['input'], `result.curves[${i}].input`, curves.length > 1 ? ` ${i + 1}` : ''])
    : [[r['input'], 'result.input', '']];
  for (const [input, path, n] of inputs)
    if (input !== undefined) tables.push(...inputTables(input, path, n, s, warnings));
  if (mdm) {
    mdm.forEach((c, i) => {
      const n = mdm.length > 1 ? ` ${i + 1}` : '';
      if (c['losses'] !== undefined) tables.push(...lossTables(c['losses'], s, `result.curves[${i}].losses`, n));
      else if (c['removal'] !== undefined) tables.push(removalTable(c['removal'], s, `result.curves[${i}].removal`, n));
    });
  } else if (r['losses'] !== undefined) tables.push(...lossTables(r['losses'], s, 'result.losses'));
  return {
    resultType: `fit (${model} model${curves.length > 1 ? `, ${curves.length} curves` : ''})`,
    tables,
    warnings,
  };
}

function fittedCurve(name: string, c: Record<string, unknown>, path: string, s: Shape): Table {
  const V = s.nums(c['voltageV'], `${path}.voltageV`);
  const fitted = s.nums(c['fittedJMaCm2'], `${path}.fittedJMaCm2`, V.length);
  const resid = s.nums(c['residualsMaCm2'], `${path}.residualsMaCm2`, V.length);
  return columns(name, [
    { header: h('V', U.V), values: V },
    // the engine's residual is fit - data, so data = fit - residual (to the last bit or so)
    { header: h('J data', U.mAcm2), values: fitted.map((x, i) => x - resid[i]!) },
    { header: h('J fit', U.mAcm2), values: fitted },
    { header: h('Residual fit - data', U.mAcm2), values: resid },
  ]);
}

/** The recombination split of one fitted curve (the absorber volume is bulk SRH + radiative + Auger). */
function splitTable(name: string, v: unknown, path: string, s: Shape): Table {
  const o = s.obj(v, path);
  const V = s.nums(o['voltageV'], `${path}.voltageV`);
  const col = (k: string, header: string) => ({
    header: h(header, U.mAcm2),
    values: s.nums(o[k], `${path}.${k}`, V.length),
  });
  return columns(name, [
    { header: h('V', U.V), values: V },
    col('volume', 'J absorber volume'),
    col('bulkSrh', 'J bulk SRH'),
    col('radiative', 'J radiative'),
    col('auger', 'J Auger'),
    col('interface', 'J interface'),
    col('shunt', 'J shunt'),
  ]);
}

function absorberFacts(k: Record<string, unknown>, s: Shape): Table {
  const source = (x: unknown, path: string) => s.str(x, path);
  return quantities('Absorber facts', [
    ['y_bulk (bulk SRH, = 1/(2 tau))', s.num(k['yBulkPerS'], 'result.knowns.yBulkPerS'), U.perS],
    ['y_bulk from', source(k['bulkSource'], 'result.knowns.bulkSource'), ''],
    ['y_Aug (Auger)', s.num(k['yAugerPerS'], 'result.knowns.yAugerPerS'), U.perS],
    ['y_Aug from', source(k['augerSource'], 'result.knowns.augerSource'), ''],
    ['n_bulk', s.num(k['nBulk'], 'result.knowns.nBulk'), ''],
    ['n_i', s.num(k['intrinsicDensityCm3'], 'result.knowns.intrinsicDensityCm3'), U.cm3],
  ]);
}

/** What the parser found in a curve file: its measured points and the detected columns and units. */
function inputTables(v: unknown, path: string, n: string, s: Shape, warnings: string[]): Table[] {
  const inp = s.obj(v, path);
  const m = s.obj(inp['measured'], `${path}.measured`);
  const mv = s.nums(m['voltageV'], `${path}.measured.voltageV`);
  const tables: Table[] = [
    columns(`Measured points${n}`, [
      { header: h('V', U.V), values: mv },
      { header: h('J', U.mAcm2), values: s.nums(m['jMaCm2'], `${path}.measured.jMaCm2`, mv.length) },
    ]),
  ];
  if (inp['detected'] !== undefined) {
    const d = s.obj(inp['detected'], `${path}.detected`);
    const text = (k: string) => (d[k] === undefined || d[k] === null ? undefined : String(d[k]));
    // column indices are numbers (0 = the first column), as the parse options take them
    const index = (k: string) => s.optNum(d[k], `${path}.detected.${k}`);
    tables.push(
      quantities(`Curve file${n}`, [
        ['Header', Array.isArray(d['header']) ? d['header'].join(' | ') : undefined, ''],
        ['Voltage column (0 = first)', index('voltageColumn'), ''],
        ['Current column (0 = first)', index('currentColumn'), ''],
        ['Voltage unit', text('voltageUnit'), ''],
        ['Current unit', text('currentUnit'), ''],
        ['Sign flipped', typeof d['signFlipped'] === 'boolean' ? d['signFlipped'] : undefined, ''],
        ['Illumination', text('illumination'), ''],
        ['Sweep', text('sweep'), ''],
      ]),
    );
  }
  if (inp['warnings'] !== undefined) warnings.push(...s.msgs(inp['warnings'], `${path}.warnings`));
  return tables;
}

function removalTable(v: unknown, s: Shape, path: string, n = ''): Table {
  return {
    name: `Loss removal gains${n}`,
    headers: ['Loss removed', h('PCE', U.percent), h('Gain', '% abs.'), h('Share of single gains', U.fraction)],
    rows: s.arr(v, path).map((w, i): Cell[] => {
      const wp = `${path}[${i}]`;
      const o = s.obj(w, wp);
      return [
        s.str(o['mechanism'], `${wp}.mechanism`),
        s.num(o['pcePercent'], `${wp}.pcePercent`),
        s.num(o['gainPercent'], `${wp}.gainPercent`),
        s.num(o['normalised'], `${wp}.normalised`),
      ];
    }),
  };
}

function lossTables(v: unknown, s: Shape, path: string, n = ''): Table[] {
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
  const mpp = s.obj(l['mpp'], `${path}.mpp`);
  const m = (k: string) => s.num(mpp[k], `${path}.mpp.${k}`);
  const notes = l['notes'] === undefined ? [] : s.strs(l['notes'], `${path}.notes`);
  return [
    quantities(`Loss summary${n}`, [
      ['Device PCE', s.num(l['pcePercent'], `${path}.pcePercent`), U.percent],
      ['Incident power', s.optNum(l['pinMwCm2'], `${path}.pinMwCm2`), U.mWcm2],
      ['Light intensity', s.optNum(l['suns'], `${path}.suns`), 'suns'],
      ['J0 radiative', s.num(l['j0RadMaCm2'], `${path}.j0RadMaCm2`), U.mAcm2],
      ...notes.map((x, i): [string, string, string] => [`Note ${i + 1}`, x, '']),
    ]),
    keyFigures(s, [['device', l['device'], `${path}.device`]], `Loss key figures${n}`),
    {
      name: `Loss waterfall${n}`,
      headers: ['Step', h('Loss', U.mWcm2), h('Loss', '% of Pin'), h('Remaining', U.mWcm2)],
      rows: waterfall,
    },
    removalTable(l['removal'], s, `${path}.removal`, n),
    {
      name: `Power lost at MPP${n}`,
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
    quantities(`MPP${n}`, [
      ['Vmp', m('vmpV'), U.V],
      ['Jmp', m('jmpMaCm2'), U.mAcm2],
      ['Diode voltage Vd', m('vdV'), U.V],
    ]),
    detailedBalance(l['detailedBalance'], s, `${path}.detailedBalance`, n),
  ];
}

function detailedBalance(v: unknown, s: Shape, path: string, suffix = ''): Table {
  const d = s.obj(v, path);
  const n = (k: string) => s.num(d[k], `${path}.${k}`);
  return quantities(`Detailed balance${suffix}`, [
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
