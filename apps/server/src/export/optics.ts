/**
 * Sheets of an optics report (runDeviceOptics in packages/engine/src/optics/device.ts): the
 * spectra R, T, A per layer and EQE on one sheet (so that R + T + sum A = 1 can be checked on each
 * row), the photocurrents per layer, and G(x) across the stack.
 */
import type { Shape } from './shape.js';
import { type Cell, columns, type Table } from './table.js';
import { h, U } from './units.js';

export interface OpticsSheets {
  device: string;
  tables: Table[];
  warnings: string[];
}

/** `prefix` distinguishes the optics sheets inside a coupled export (e.g. 'Optics '). */
export function opticsTables(report: unknown, s: Shape, basePath = 'result', prefix = ''): OpticsSheets {
  let path = basePath;
  let r = s.obj(report, path);
  // runDeviceOptics returns { result, report }: accept the pair too, and take its report
  if (r['wavelengthNm'] === undefined && r['report'] !== undefined) {
    path = `${path}.report`;
    r = s.obj(r['report'], path);
  }
  const device = s.str(r['device'], `${path}.device`);
  const wl = s.nums(r['wavelengthNm'], `${path}.wavelengthNm`);
  const n = wl.length;
  const R = s.nums(r['R'], `${path}.R`, n);
  const T = s.nums(r['T'], `${path}.T`, n);
  const eqe = s.nums(r['eqe'], `${path}.eqe`, n);
  const layers = s.arr(r['layers'], `${path}.layers`).map((l, j) => {
    const lp = `${path}.layers[${j}]`;
    const o = s.obj(l, lp);
    const g = s.obj(o['generation'], `${lp}.generation`);
    const depth = s.nums(g['depthNm'], `${lp}.generation.depthNm`);
    return {
      name: s.str(o['name'], `${lp}.name`),
      role: s.str(o['role'], `${lp}.role`),
      coherent: s.bool(o['coherent'], `${lp}.coherent`),
      carriers: s.str(o['carriers'], `${lp}.carriers`),
      A: s.nums(o['A'], `${lp}.A`, n),
      jph: s.num(o['jphMaCm2'], `${lp}.jphMaCm2`),
      depth,
      G: s.nums(g['G_cm3_s'], `${lp}.generation.G_cm3_s`, depth.length),
    };
  });
  const totals = s.obj(r['totals'], `${path}.totals`);
  const jAbs = s.num(totals['jphAbsorbersMaCm2'], `${path}.totals.jphAbsorbersMaCm2`);
  const jR = s.num(totals['jReflectedMaCm2'], `${path}.totals.jReflectedMaCm2`);
  const jT = s.num(totals['jTransmittedMaCm2'], `${path}.totals.jTransmittedMaCm2`);
  const warnings = r['warnings'] === undefined ? [] : s.msgs(r['warnings'], `${path}.warnings`);

  const spectraCols: { header: string; values: ArrayLike<Cell> }[] = [
    { header: h('Wavelength', U.nm), values: wl },
    { header: h('R', U.fraction), values: R },
    { header: h('T', U.fraction), values: T },
    ...layers.map((l) => ({ header: h(`A ${l.name}`, U.fraction), values: l.A })),
    { header: h('EQE', U.fraction), values: eqe },
  ];
  if (r['texture'] !== undefined) {
    const t = s.obj(r['texture'], `${path}.texture`);
    spectraCols.push(
      { header: h('Haze', U.fraction), values: s.nums(t['haze'], `${path}.texture.haze`, n) },
      { header: h('R specular', U.fraction), values: s.nums(t['rSpecular'], `${path}.texture.rSpecular`, n) },
      { header: h('R diffuse', U.fraction), values: s.nums(t['rDiffuse'], `${path}.texture.rDiffuse`, n) },
    );
  }

  const photocurrents: Table = {
    name: `${prefix}Photocurrents`,
    headers: ['Layer', 'Role', 'Coherent', 'Carriers', h('Thickness', U.nm), h('Jph', U.mAcm2)],
    rows: [
      ...layers.map((l): Cell[] => [
        l.name,
        l.role,
        l.coherent,
        l.carriers,
        l.depth[l.depth.length - 1] ?? null,
        l.jph,
      ]),
      // totals as labelled rows of the same column, so that the sheet stays one table
      ['Absorbers (total)', null, null, null, null, jAbs],
      ['Reflected', null, null, null, null, jR],
      ['Transmitted', null, null, null, null, jT],
    ],
  };

  // G(x) in long form: every layer has its own depth grid; the position from the front face of
  // the first layer (thicknesses summed) lets the whole stack be plotted as one curve
  const gRows: Cell[][] = [];
  let offset = 0;
  for (const l of layers) {
    l.depth.forEach((d, m) => {
      gRows.push([offset + d, l.name, d, l.G[m]!]);
    });
    offset += l.depth[l.depth.length - 1] ?? 0;
  }
  const generation: Table = {
    name: `${prefix}G(x)`,
    headers: [h('Position', U.nm), 'Layer', h('Depth in layer', U.nm), h('G', U.cm3s)],
    rows: gRows,
  };

  return {
    device,
    tables: [columns(`${prefix}Spectra R T A`, spectraCols), photocurrents, generation],
    warnings,
  };
}
