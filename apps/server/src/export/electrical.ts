/**
 * Sheets of an electrical calculation: either the coupled optics + drift-diffusion result
 * (runDeviceSimulation, packages/engine/src/device) or a bare drift-diffusion result (simulateJV,
 * packages/engine/src/electrical). Per J-V curve: the curve, its key figures, the recombination
 * currents per mechanism against V, and one sheet per bias with every profile against position
 * (bands, quasi-Fermi levels, potential, field, densities, currents, G and recombination, mobile
 * ions), since they share the position column and are plotted together; then the transient
 * protocol's and the impedance spectrum's sheets (transient.ts) when the device asked for them.
 */
import {
  capacitanceFrequencyTables,
  capacitanceVoltageTables,
  defectLossTable,
  interfaceDefectTable,
} from './defects.js';
import { FIGURE_COLUMNS, profileColumns } from './electrical-columns.js';
import { opticsTables } from './optics.js';
import type { Shape } from './shape.js';
import type { ElectricalSheets } from './sheets.js';
import { type Cell, columns, quantities, type Table } from './table.js';
import { isTandem, tandemTables } from './tandem.js';
import { impedanceTables, transientTables } from './transient.js';
import { h, U } from './units.js';

interface Curve {
  /** 'light', 'dark' or '' (a bare result). */
  tag: string;
  path: string;
  r: Record<string, unknown>;
}

/** True when the result looks like runDeviceSimulation's (checked in detail later). */
function isCoupled(r: Record<string, unknown>): boolean {
  return 'electricalLayers' in r || 'generation' in r || 'light' in r || 'dark' in r;
}

export function electricalTables(result: unknown, s: Shape): ElectricalSheets {
  const r = s.obj(result, 'result');
  if (isTandem(r)) return tandemTables(r, s, (whole) => coupledTables(s.obj(whole, 'result.fullStack'), s));
  if (isCoupled(r)) return coupledTables(r, s);
  if (!('V' in r) || !('J_mA_cm2' in r))
    s.failText(
      'result',
      'a coupled device simulation (runDeviceSimulation) or a drift-diffusion result (simulateJV)',
      `an object with ${Object.keys(r).slice(0, 8).join(', ') || 'no fields'}`,
    );
  const c: Curve = { tag: '', path: 'result', r };
  const out = curveTables(c, s);
  return {
    resultType: 'drift-diffusion J-V (simulateJV)',
    tables: [keyFigures([c], s), ...out.tables],
    warnings: out.warnings,
    converged: out.converged,
  };
}

function coupledTables(r: Record<string, unknown>, s: Shape): ElectricalSheets {
  const device = s.str(r['device'], 'result.device');
  const warnings = r['warnings'] === undefined ? [] : s.msgs(r['warnings'], 'result.warnings');
  const curves: Curve[] = [];
  for (const tag of ['light', 'dark'] as const)
    if (r[tag] !== undefined) curves.push({ tag, path: `result.${tag}`, r: s.obj(r[tag], `result.${tag}`) });
  if (!curves.length) s.failText('result', 'a result with a light or a dark J-V', 'neither');
  const gen = s.obj(r['generation'], 'result.generation');
  const gx = s.nums(gen['x_nm'], 'result.generation.x_nm');
  const gKind = s.str(gen['kind'], 'result.generation.kind');
  const eqe = r['eqe'] === undefined ? undefined : s.obj(r['eqe'], 'result.eqe');

  const summary = quantities('Device summary', [
    ['Generation model', gKind, ''],
    ['Incident power', s.num(r['incidentPowerMwCm2'], 'result.incidentPowerMwCm2'), U.mWcm2],
    ['q ∫G dx on the electrical mesh', s.num(gen['jGenerationMaCm2'], 'result.generation.jGenerationMaCm2'), U.mAcm2],
    [
      'Optical photocurrent of the electrical layers',
      s.optNum(gen['jOpticalMaCm2'], 'result.generation.jOpticalMaCm2'),
      U.mAcm2,
    ],
    ['Jsc from EQE', eqe ? s.optNum(eqe['jscFromEqeMaCm2'], 'result.eqe.jscFromEqeMaCm2') : undefined, U.mAcm2],
    [
      'Electrical layers',
      s
        .arr(r['electricalLayers'], 'result.electricalLayers')
        .map((l, i) => s.str(s.obj(l, `result.electricalLayers[${i}]`)['name'], `result.electricalLayers[${i}].name`))
        .join(', '),
      '',
    ],
    ['Elapsed', s.optNum(r['elapsedMs'], 'result.elapsedMs'), U.ms],
  ]);

  const tables: Table[] = [keyFigures(curves, s), summary];
  let converged = true;
  for (const c of curves) {
    const out = curveTables(c, s);
    tables.push(...out.tables);
    converged &&= out.converged;
  }
  tables.push(
    columns('Generation (mesh)', [
      { header: h('Position', U.nm), values: gx },
      { header: h('G', U.cm3s), values: s.nums(gen['G_cm3_s'], 'result.generation.G_cm3_s', gx.length) },
    ]),
  );
  if (eqe) {
    const wl = s.nums(eqe['wavelengthNm'], 'result.eqe.wavelengthNm');
    tables.push(
      columns('EQE IQE', [
        { header: h('Wavelength', U.nm), values: wl },
        { header: h('EQE', U.fraction), values: s.nums(eqe['eqe'], 'result.eqe.eqe', wl.length) },
        { header: h('IQE', U.fraction), values: s.nums(eqe['iqe'], 'result.eqe.iqe', wl.length) },
        {
          header: h('A electrical layers', U.fraction),
          values: s.nums(eqe['absorptance'], 'result.eqe.absorptance', wl.length),
        },
      ]),
    );
  }
  if (r['transient'] !== undefined) {
    const tr = transientTables(r['transient'], s);
    tables.push(...tr.tables);
    converged &&= tr.converged;
  }
  if (r['impedance'] !== undefined) {
    const z = impedanceTables(r['impedance'], s);
    tables.push(...z.tables);
    converged &&= z.converged;
  }
  if (r['capacitanceVoltage'] !== undefined) {
    const cv = capacitanceVoltageTables(r['capacitanceVoltage'], s);
    tables.push(...cv.tables);
    converged &&= cv.converged;
  }
  if (r['capacitanceFrequency'] !== undefined) {
    const cf = capacitanceFrequencyTables(r['capacitanceFrequency'], s);
    tables.push(...cf.tables);
    converged &&= cf.converged;
  }
  if (r['defectLosses'] !== undefined) tables.push(defectLossTable(r['defectLosses'], s));
  if (r['optics'] !== undefined) tables.push(...opticsTables(r['optics'], s, 'result.optics', 'Optics ').tables);
  return {
    device,
    resultType: 'coupled optics + drift-diffusion (runDeviceSimulation)',
    tables,
    warnings,
    converged,
  };
}

/**
 * Recombination currents of the exciton and tunnelling models (engine: recombination.layers[]):
 * CT states that decay before they split (geminate), excitons that decay before they reach the
 * donor/acceptor interface, band-to-band tunnelling. In a layer with CT dissociation the
 * 'radiative' column is its bimolecular (Langevin) loss, reduced by (1 - P).
 */
const LAYER_MODEL_LOSSES: [key: string, what: string][] = [
  ['geminate', 'geminate'],
  ['excitonDecay', 'exciton decay'],
  ['bandToBand', 'band-to-band tunnelling'],
];

/** One row per J-V curve; the figures are empty in the dark or when J does not cross zero. */
function keyFigures(curves: Curve[], s: Shape): Table {
  return {
    name: 'Key figures',
    headers: [
      'Curve',
      'Converged',
      ...FIGURE_COLUMNS.map(([, hd]) => hd),
      'Bias points',
      'Newton iterations',
      h('Elapsed', U.ms),
      'Error',
    ],
    rows: curves.map((c): Cell[] => {
      const f = c.r['figures'] === undefined ? undefined : s.obj(c.r['figures'], `${c.path}.figures`);
      const st = c.r['stats'] === undefined ? undefined : s.obj(c.r['stats'], `${c.path}.stats`);
      return [
        c.tag || 'J-V',
        s.bool(c.r['converged'], `${c.path}.converged`),
        ...FIGURE_COLUMNS.map(([k]) => (f ? s.num(f[k], `${c.path}.figures.${k}`) : null)),
        st ? s.num(st['biasPoints'], `${c.path}.stats.biasPoints`) : null,
        st ? s.num(st['totalNewtonIterations'], `${c.path}.stats.totalNewtonIterations`) : null,
        st ? s.num(st['elapsed_ms'], `${c.path}.stats.elapsed_ms`) : null,
        s.optMsg(c.r['error'], `${c.path}.error`) ?? null,
      ];
    }),
  };
}

/**
 * Sheet label of a bias: the engine's labels are '0 V', 'maximum power', 'Voc' and '<V> V' for
 * the extra biases asked for (whose V may print as 0.30000000000000004): the voltage is shown to
 * 0.1 mV, the full value is on the Biases sheet.
 */
function biasLabel(label: string, V: number): string {
  const v = `${Number(V.toFixed(4))} V`;
  if (label === 'maximum power') return `MPP ${v}`;
  if (label === 'Voc') return `Voc ${v}`;
  if (/ V$/.test(label) && Number.isFinite(Number(label.slice(0, -2)))) return v;
  return label;
}

function curveTables(c: Curve, s: Shape): { tables: Table[]; warnings: string[]; converged: boolean } {
  const { r, path } = c;
  const sfx = c.tag ? ` ${c.tag}` : '';
  const V = s.nums(r['V'], `${path}.V`);
  const n = V.length;
  const J = s.nums(r['J_mA_cm2'], `${path}.J_mA_cm2`, n);
  const jv: { header: string; values: ArrayLike<Cell> }[] = [
    { header: h('V', U.V), values: V },
    { header: h('J', U.mAcm2), values: J },
  ];
  if (r['Vinternal'] !== undefined)
    jv.push({ header: h('V internal', U.V), values: s.nums(r['Vinternal'], `${path}.Vinternal`, n) });
  if (r['newtonIterations'] !== undefined)
    jv.push({ header: 'Newton iterations', values: s.nums(r['newtonIterations'], `${path}.newtonIterations`, n) });
  const tables: Table[] = [columns(`J-V${sfx}`, jv)];
  const ifaceNames: string[] = [];

  if (r['recombination'] !== undefined) {
    const rp = `${path}.recombination`;
    const rec = s.obj(r['recombination'], rp);
    const cols: { header: string; values: ArrayLike<Cell> }[] = [
      { header: h('V', U.V), values: V },
      { header: h('J', U.mAcm2), values: J },
      { header: h('qG', U.mAcm2), values: s.nums(rec['generation'], `${rp}.generation`, n) },
    ];
    s.arr(rec['layers'], `${rp}.layers`).forEach((l, i) => {
      const lp = `${rp}.layers[${i}]`;
      const o = s.obj(l, lp);
      const name = s.str(o['name'], `${lp}.name`);
      cols.push(
        { header: h(`${name} SRH`, U.mAcm2), values: s.nums(o['srh'], `${lp}.srh`, n) },
        { header: h(`${name} radiative`, U.mAcm2), values: s.nums(o['radiative'], `${lp}.radiative`, n) },
        { header: h(`${name} Auger`, U.mAcm2), values: s.nums(o['auger'], `${lp}.auger`, n) },
      );
      if (o['defects'] !== undefined)
        s.arr(o['defects'], `${lp}.defects`).forEach((d, k) => {
          cols.push({ header: h(`${name} defect ${k + 1}`, U.mAcm2), values: s.nums(d, `${lp}.defects[${k}]`, n) });
        });
      // the losses of the exciton and tunnelling models, in layers that have them
      for (const [key, what] of LAYER_MODEL_LOSSES)
        if (o[key] !== undefined)
          cols.push({ header: h(`${name} ${what}`, U.mAcm2), values: s.nums(o[key], `${lp}.${key}`, n) });
    });
    s.arr(rec['interfaces'], `${rp}.interfaces`).forEach((f, i) => {
      const fp = `${rp}.interfaces[${i}]`;
      const o = s.obj(f, fp);
      ifaceNames.push(s.str(o['name'], `${fp}.name`));
      cols.push({
        header: h(`Interface ${ifaceNames[i]}`, U.mAcm2),
        values: s.nums(o['current'], `${fp}.current`, n),
      });
      if (o['defects'] !== undefined)
        cols.push({
          header: h(`Interface ${ifaceNames[i]} defects`, U.mAcm2),
          values: s.nums(o['defects'], `${fp}.defects`, n),
        });
      // the currents through a tunnel oxide at the interface (terminal sign, generation positive)
      if (o['tunnelOxide'] !== undefined) {
        const ox = s.obj(o['tunnelOxide'], `${fp}.tunnelOxide`);
        cols.push(
          {
            header: h(`Tunnel oxide ${ifaceNames[i]} electron current`, U.mAcm2),
            values: s.nums(ox['electron'], `${fp}.tunnelOxide.electron`, n),
          },
          {
            header: h(`Tunnel oxide ${ifaceNames[i]} hole current`, U.mAcm2),
            values: s.nums(ox['hole'], `${fp}.tunnelOxide.hole`, n),
          },
        );
      }
    });
    const ct = s.obj(rec['contacts'], `${rp}.contacts`);
    cols.push(
      { header: h('Contact anode', U.mAcm2), values: s.nums(ct['anode'], `${rp}.contacts.anode`, n) },
      { header: h('Contact cathode', U.mAcm2), values: s.nums(ct['cathode'], `${rp}.contacts.cathode`, n) },
    );
    tables.push(columns(`Recombination${sfx}`, cols));
  }

  // the interface and contact recombination of each bias are scalars: they go to an index sheet
  // that also names each profile sheet
  const profiles = r['profiles'] === undefined ? [] : s.arr(r['profiles'], `${path}.profiles`);
  const index: Cell[][] = [];
  const profileTables: Table[] = [];
  const withDefects: { label: string; V: number; o: Record<string, unknown>; pp: string }[] = [];
  let nIf = 0;
  profiles.forEach((p, k) => {
    const pp = `${path}.profiles[${k}]`;
    const o = s.obj(p, pp);
    const pV = s.num(o['V'], `${pp}.V`);
    const label = s.str(o['label'], `${pp}.label`);
    const name = `Bias${sfx} ${biasLabel(label, pV)}`;
    profileTables.push(columns(name, profileColumns(o, pp, s)));
    withDefects.push({ label, V: pV, o, pp });
    const rIf = s.nums(o['R_interface_cm2_s'], `${pp}.R_interface_cm2_s`);
    nIf = Math.max(nIf, rIf.length);
    const rc = s.obj(o['R_contact_cm2_s'], `${pp}.R_contact_cm2_s`);
    index.push([
      label,
      pV,
      s.num(o['J_mA_cm2'], `${pp}.J_mA_cm2`),
      s.num(rc['anode'], `${pp}.R_contact_cm2_s.anode`),
      s.num(rc['cathode'], `${pp}.R_contact_cm2_s.cathode`),
      ...rIf,
    ]);
  });
  if (profiles.length) {
    tables.push({
      name: `Biases${sfx}`,
      headers: [
        'Bias',
        h('V', U.V),
        h('J', U.mAcm2),
        h('R contact anode', U.cm2s),
        h('R contact cathode', U.cm2s),
        ...Array.from({ length: nIf }, (_, i) => h(`R interface ${ifaceNames[i] ?? i + 1}`, U.cm2s)),
      ],
      rows: index,
    });
  }
  const sheets = interfaceDefectTable(withDefects, sfx, s);
  if (sheets) tables.push(sheets);
  tables.push(...profileTables);
  const warnings = r['warnings'] === undefined ? [] : s.msgs(r['warnings'], `${path}.warnings`);
  return {
    tables,
    warnings: warnings.map((w) => (c.tag ? `${c.tag}: ${w}` : w)),
    converged: s.bool(r['converged'], `${path}.converged`),
  };
}
