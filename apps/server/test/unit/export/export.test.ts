import {
  type CircuitJob,
  type CircuitJobResult,
  type DeviceLike,
  type ElectricalDevice,
  type ElectricalDeviceSpecLike,
  runCircuitJob,
  runDeviceOptics,
  runDeviceSimulation,
  simulateJV,
} from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { ExportError, exportResult, resultTables } from '../../../src/export/index.js';
import { column, fileAssets, openXlsx, parseCsv, readJson, sheet, sheetRows, unzip } from './helpers.js';

const assets = fileAssets();
const exportedAt = new Date('2026-11-22T12:34:56Z');
const linspace = (a: number, b: number, n: number) => Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));

/** Excel's rules, checked on every workbook the tests produce. */
function expectValidSheetNames(names: string[]) {
  expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  for (const n of names) {
    expect(n.length).toBeLessThanOrEqual(31);
    expect(n).not.toMatch(/[:\\/?*[\]]/);
  }
}

/** Every header (but the Metadata and Input sheets and label columns) names its unit in brackets. */
function expectUnits(headers: string[], labelColumns: string[] = []) {
  for (const hd of headers) if (!labelColumns.includes(hd)) expect(hd).toMatch(/\(.+\)$/);
}

describe('opt: optics report of the p-i-n perovskite fixture', () => {
  const input = readJson<DeviceLike>('packages/engine/test/optics/fixtures/perovskite-pin.device.json');
  const { report } = runDeviceOptics(input, assets);
  const n = report.wavelengthNm.length;

  it('writes an XLSX with the spectra (R + T + sum A = 1 per row), photocurrents, G(x), metadata and input', async () => {
    const out = await exportResult({
      kind: 'opt',
      input,
      result: report,
      name: 'MAPbI3 电池 / run:1',
      format: 'xlsx',
      inputHash: 'sha256:abc',
      engineVersion: '0.1.0',
      exportedAt,
    });
    expect(out.filename).toBe('MAPbI3 电池 run 1-opt.xlsx');
    expect(out.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = await openXlsx(out.body);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual(['Metadata', 'Spectra R T A', 'Photocurrents', 'G(x)', 'Input']);
    expectValidSheetNames(names);

    const spectra = sheet(wb, 'Spectra R T A');
    const rows = sheetRows(spectra);
    expect(rows[0]).toEqual([
      'Wavelength (nm)',
      'R (fraction)',
      'T (fraction)',
      ...report.layers.map((l) => `A ${l.name} (fraction)`),
      'EQE (fraction)',
    ]);
    expect(rows.length).toBe(n + 1);
    rows.slice(1).forEach((r, i) => {
      const v = r as number[];
      expect(v[0]).toBe(report.wavelengthNm[i]);
      expect(v[1]).toBe(report.R[i]); // full precision, as a number
      const sum = v.slice(1, 3 + report.layers.length).reduce((s, x) => s + x, 0);
      expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
    });
    expect(column(spectra, 'EQE (fraction)')).toEqual(report.eqe);

    const pc = sheet(wb, 'Photocurrents');
    expect(sheetRows(pc)[0]).toEqual(['Layer', 'Role', 'Coherent', 'Carriers', 'Thickness (nm)', 'Jph (mA/cm²)']);
    expect(column(pc, 'Jph (mA/cm²)')).toEqual([
      ...report.layers.map((l) => l.jphMaCm2),
      report.totals.jphAbsorbersMaCm2,
      report.totals.jReflectedMaCm2,
      report.totals.jTransmittedMaCm2,
    ]);

    const g = sheet(wb, 'G(x)');
    expect(sheetRows(g)[0]).toEqual(['Position (nm)', 'Layer', 'Depth in layer (nm)', 'G (cm⁻³ s⁻¹)']);
    const G = column(g, 'G (cm⁻³ s⁻¹)');
    expect(G.length).toBe(report.layers.reduce((s, l) => s + l.generation.depthNm.length, 0));
    const abs = report.layers.findIndex((l) => l.role === 'absorber');
    const before = report.layers.slice(0, abs).reduce((s, l) => s + l.generation.depthNm.length, 0);
    expect(G.slice(before, before + 101)).toEqual(report.layers[abs]!.generation.G_cm3_s);
    // position runs through the stack: the absorber starts after glass, ITO and PEDOT:PSS
    expect(column(g, 'Position (nm)')[before]).toBe(1_000_000 + 150 + 40);

    const meta = Object.fromEntries(sheetRows(sheet(wb, 'Metadata')).slice(1) as [string, unknown][]);
    expect(meta).toMatchObject({
      'Calculation name': 'MAPbI3 电池 / run:1',
      Kind: 'opt (optical)',
      Device: report.device,
      'Engine version': '0.1.0',
      'Exported at (UTC)': '2026-11-22T12:34:56.000Z',
      'Input hash': 'sha256:abc',
    });
    const inputRows = sheetRows(sheet(wb, 'Input'));
    expect(inputRows[0]).toEqual(['Input (JSON)']);
    expect(
      JSON.parse(
        inputRows
          .slice(1)
          .map((r) => r[0])
          .join('\n'),
      ),
    ).toEqual(input);
  });

  it('writes the same sheets as UTF-8 CSV files with a BOM in a zip, and the input as JSON', async () => {
    const out = await exportResult({
      kind: 'opt',
      input,
      result: report,
      name: 'optics',
      format: 'csv-zip',
      exportedAt,
    });
    expect(out.filename).toBe('optics-opt.zip');
    expect(out.contentType).toBe('application/zip');
    const files = unzip(out.body);
    expect(Object.keys(files)).toEqual([
      '1 Metadata.csv',
      '2 Spectra R T A.csv',
      '3 Photocurrents.csv',
      '4 G(x).csv',
      'Input.json',
    ]);
    for (const [name, text] of Object.entries(files))
      if (name.endsWith('.csv')) expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(files['2 Spectra R T A.csv']!.slice(1));
    expect(rows[0]![0]).toBe('Wavelength (nm)');
    expect(rows.length).toBe(n + 1);
    // shortest round-trip text: parsing gives back the engine's numbers exactly
    expect(rows.slice(1).map((r) => Number(r[1]))).toEqual(report.R);
    const g = parseCsv(files['4 G(x).csv']!.slice(1));
    expect(g[0]).toEqual(['Position (nm)', 'Layer', 'Depth in layer (nm)', 'G (cm⁻³ s⁻¹)']);
    expect(JSON.parse(files['Input.json']!)).toEqual(input);
  });
});

describe('elec: coupled optics + drift-diffusion (runDeviceSimulation)', () => {
  const input = readJson<ElectricalDeviceSpecLike & { electrical: Record<string, unknown> }>(
    'packages/engine/test/device/fixtures/perovskite-pin-electrical.device.json',
  );
  // a coarser run than the fixture's (grid, sweep, EQE step) to keep the test fast
  Object.assign(input.electrical, {
    gridPoints: 120,
    voltageSweep: { startV: 0, stopV: 1.2, stepV: 0.05 },
    eqe: { stepNm: 50 },
    darkJV: true,
    profileBiasesV: [0.5],
  });
  const result = runDeviceSimulation(input, assets);
  const light = result.light!;

  it('has J-V, key figures, recombination, a profile sheet per bias, G on the mesh, EQE/IQE and the optics', async () => {
    expect(light.converged).toBe(true);
    const out = await exportResult({ kind: 'elec', input, result, name: 'pin', format: 'xlsx', exportedAt });
    const wb = await openXlsx(out.body);
    const names = wb.worksheets.map((w) => w.name);
    expectValidSheetNames(names);
    const mpp = `${Number(light.figures!.Vmp_V.toFixed(4))} V`;
    const voc = `${Number(light.figures!.Voc_V.toFixed(4))} V`;
    expect(names).toEqual([
      'Metadata',
      'Key figures',
      'Device summary',
      'J-V light',
      'Recombination light',
      'Biases light',
      'Bias light 0 V',
      `Bias light MPP ${mpp}`,
      `Bias light Voc ${voc}`,
      'Bias light 0.5 V',
      'J-V dark',
      'Recombination dark',
      'Biases dark',
      'Bias dark 0.5 V',
      'Generation (mesh)',
      'EQE IQE',
      'Optics Spectra R T A',
      'Optics Photocurrents',
      'Optics G(x)',
      'Input',
    ]);

    const jv = sheet(wb, 'J-V light');
    expect(sheetRows(jv)[0]).toEqual(['V (V)', 'J (mA/cm²)', 'V internal (V)', 'Newton iterations']);
    expect(column(jv, 'V (V)')).toEqual(light.V);
    expect(column(jv, 'J (mA/cm²)')).toEqual(light.J_mA_cm2);
    expect(column(sheet(wb, 'J-V dark'), 'J (mA/cm²)')).toEqual(result.dark!.J_mA_cm2);

    const kf = sheet(wb, 'Key figures');
    const kfRows = sheetRows(kf);
    expect(kfRows[0]).toEqual([
      'Curve',
      'Converged',
      'Jsc (mA/cm²)',
      'Voc (V)',
      'FF (fraction)',
      'PCE (%)',
      'Vmp (V)',
      'Jmp (mA/cm²)',
      'Pmax (mW/cm²)',
      'Bias points',
      'Newton iterations',
      'Elapsed (ms)',
      'Error',
    ]);
    expect(kfRows[1]!.slice(0, 9)).toEqual([
      'light',
      true,
      light.figures!.Jsc_mA_cm2,
      light.figures!.Voc_V,
      light.figures!.FF,
      light.figures!.PCE_percent,
      light.figures!.Vmp_V,
      light.figures!.Jmp_mA_cm2,
      light.figures!.Pmax_mW_cm2,
    ]);
    expect(kfRows[2]![0]).toBe('dark');

    const rec = sheet(wb, 'Recombination light');
    const recHeaders = sheetRows(rec)[0] as string[];
    expectUnits(recHeaders);
    const absorber = light.recombination.layers.find((l) => l.name === 'MAPbI3')!;
    expect(column(rec, 'MAPbI3 SRH (mA/cm²)')).toEqual(absorber.srh);
    expect(column(rec, 'MAPbI3 radiative (mA/cm²)')).toEqual(absorber.radiative);
    const iface = light.recombination.interfaces[0]!;
    expect(column(rec, `Interface ${iface.name} (mA/cm²)`)).toEqual(iface.current);
    expect(column(rec, 'qG (mA/cm²)')).toEqual(light.recombination.generation);

    const p0 = light.profiles[0]!;
    const prof = sheet(wb, 'Bias light 0 V');
    const ph = sheetRows(prof)[0] as string[];
    expect(ph).toEqual([
      'Position (nm)',
      'Ec (eV)',
      'Ev (eV)',
      'EFn (eV)',
      'EFp (eV)',
      'Potential (V)',
      'Field (V/cm)',
      'n (cm⁻³)',
      'p (cm⁻³)',
      'Jn (mA/cm²)',
      'Jp (mA/cm²)',
      'G (cm⁻³ s⁻¹)',
      'R SRH (cm⁻³ s⁻¹)',
      'R radiative (cm⁻³ s⁻¹)',
      'R Auger (cm⁻³ s⁻¹)',
    ]);
    expect(column(prof, 'Position (nm)')).toEqual(p0.x_nm);
    expect(column(prof, 'Ec (eV)')).toEqual(p0.Ec_eV);
    expect(column(prof, 'n (cm⁻³)')).toEqual(p0.n_cm3);
    expect(column(prof, 'R SRH (cm⁻³ s⁻¹)')).toEqual(p0.R_srh_cm3_s);

    const biases = sheet(wb, 'Biases light');
    expect(column(biases, 'V (V)')).toEqual(light.profiles.map((p) => p.V));
    expect(column(biases, `R interface ${iface.name} (cm⁻² s⁻¹)`)).toEqual(
      light.profiles.map((p) => p.R_interface_cm2_s[0]),
    );

    const eqe = sheet(wb, 'EQE IQE');
    expect(sheetRows(eqe)[0]).toEqual([
      'Wavelength (nm)',
      'EQE (fraction)',
      'IQE (fraction)',
      'A electrical layers (fraction)',
    ]);
    expect(column(eqe, 'EQE (fraction)')).toEqual(result.eqe!.eqe);
    expect(column(sheet(wb, 'Generation (mesh)'), 'G (cm⁻³ s⁻¹)')).toEqual(result.generation.G_cm3_s);
    expect(column(sheet(wb, 'Optics Spectra R T A'), 'R (fraction)')).toEqual(result.optics!.R);

    const meta = Object.fromEntries(sheetRows(sheet(wb, 'Metadata')).slice(1) as [string, unknown][]);
    expect(meta['Converged']).toBe(true);
    expect(meta['Result']).toMatch(/coupled/);
  });

  it('exports the CSV zip with one file per sheet', async () => {
    const out = await exportResult({ kind: 'elec', input, result, name: 'pin', format: 'csv-zip', exportedAt });
    const files = unzip(out.body);
    const names = Object.keys(files);
    expect(names.length).toBe(20);
    expect(names[3]).toBe('04 J-V light.csv');
    expect(names.at(-1)).toBe('Input.json');
    const jv = parseCsv(files['04 J-V light.csv']!.slice(1));
    expect(jv[0]).toEqual(['V (V)', 'J (mA/cm²)', 'V internal (V)', 'Newton iterations']);
    expect(jv.slice(1).map((r) => Number(r[1]))).toEqual(light.J_mA_cm2);
  });
});

describe('elec: a bare drift-diffusion result (simulateJV)', () => {
  const device: ElectricalDevice = {
    layers: [
      {
        name: 'absorber',
        thickness_nm: 300,
        eps_r: 10,
        chi_eV: 4,
        Eg_eV: 1.5,
        Nc_cm3: 1e19,
        Nv_cm3: 1e19,
        mu_n_cm2_Vs: 1,
        mu_p_cm2_Vs: 1,
        Nd_cm3: 0,
        Na_cm3: 0,
        tau_n_s: 1e-7,
        tau_p_s: 1e-7,
      },
    ],
    contacts: {
      left: { kind: 'schottky', workFunction_eV: 5.4, S_n_cm_s: 0 },
      right: { kind: 'schottky', workFunction_eV: 4.1, S_p_cm_s: 0 },
      anode: 'left',
    },
    T_K: 300,
    generation: { kind: 'uniform', G_cm3_s: 1e21 },
    voltage_V: linspace(0, 1.2, 13),
    options: { nodes: 80 },
  };
  const result = simulateJV(device);

  it('has the J-V, key figures, recombination and profiles', async () => {
    const out = await exportResult({ kind: 'elec', input: device, result, name: 'dd', format: 'xlsx', exportedAt });
    const wb = await openXlsx(out.body);
    const names = wb.worksheets.map((w) => w.name);
    expect(names.slice(0, 5)).toEqual(['Metadata', 'Key figures', 'J-V', 'Recombination', 'Biases']);
    expect(names).toContain('Bias 0 V');
    expect(names.length).toBe(5 + result.profiles.length + 1);
    expect(column(sheet(wb, 'J-V'), 'J (mA/cm²)')).toEqual(result.J_mA_cm2);
    expect(sheetRows(sheet(wb, 'Key figures'))[1]![2]).toBe(result.figures!.Jsc_mA_cm2);
    expect(column(sheet(wb, 'Recombination'), 'absorber SRH (mA/cm²)')).toEqual(result.recombination.layers[0]!.srh);
  });
});

describe('circle and circle2: circuit jobs', () => {
  const spectrumCsv = fileAssets().spectrumCsv('AM1.5G');
  const spectrum = (() => {
    const wl: number[] = [];
    const e: number[] = [];
    for (const line of spectrumCsv.split(/\r?\n/)) {
      const [a, b] = line.split(',').map(Number);
      if (Number.isFinite(a) && Number.isFinite(b)) {
        wl.push(a!);
        e.push(b!);
      }
    }
    return { wavelengthNm: wl, irradianceWm2Nm: e };
  })();

  it('circle: a single-diode fit of a measured text curve: parameters with CIs, quality, fitted curve and residuals', async () => {
    const v = linspace(-0.1, 0.68, 80);
    const sim = runCircuitJob({
      kind: 'simulate-sdm',
      params: { jphMaCm2: 35, j0MaCm2: 1e-9, n: 1.3, rsOhmCm2: 1, rshOhmCm2: 2000, tK: 300 },
      voltageV: v,
    });
    if (sim.kind !== 'simulate-sdm') throw new Error('wrong kind');
    const text = ['Voltage (V),Current density (mA/cm2)', ...v.map((x, i) => `${x},${sim.curve.jMaCm2[i]}`)].join('\n');
    const job: CircuitJob = { kind: 'fit', model: 'sdm', tK: 300, curve: { text } };
    const result = runCircuitJob(job);
    if (result.kind !== 'fit') throw new Error('wrong kind');
    const out = await exportResult({ kind: 'circle', input: job, result, name: 'sdm fit', format: 'xlsx', exportedAt });
    const wb = await openXlsx(out.body);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual([
      'Metadata',
      'Fit parameters',
      'Fit quality',
      'Correlations',
      'Key figures',
      'Fitted curve',
      'Measured points',
      'Curve file',
      'Input',
    ]);
    const params = sheet(wb, 'Fit parameters');
    expect(sheetRows(params)[0]!.slice(0, 6)).toEqual([
      'Parameter',
      'Description',
      'Unit',
      'Value',
      'CI low 95%',
      'CI high 95%',
    ]);
    expect(column(params, 'Parameter')).toEqual(result.fit.parameters.map((p) => p.key));
    expect(column(params, 'Value')).toEqual(result.fit.parameters.map((p) => p.value));
    expect(column(params, 'Unit')).toContain('Ω cm²');
    const fitted = sheet(wb, 'Fitted curve');
    expect(sheetRows(fitted)[0]).toEqual([
      'V (V)',
      'J data (mA/cm²)',
      'J fit (mA/cm²)',
      'Residual fit - data (mA/cm²)',
    ]);
    expect(column(fitted, 'J fit (mA/cm²)')).toEqual(result.fit.fittedJMaCm2);
    expect(column(fitted, 'Residual fit - data (mA/cm²)')).toEqual(result.fit.residualsMaCm2);
    const quality = Object.fromEntries(
      sheetRows(sheet(wb, 'Fit quality'))
        .slice(1)
        .map((r) => [r[0], r[1]]),
    );
    expect(quality['RMSE']).toBe(result.fit.rmseMaCm2);
    expect(quality['R²']).toBe(result.fit.r2);
    const kf = sheetRows(sheet(wb, 'Key figures'));
    expect(kf.map((r) => r[0])).toEqual(['Curve', 'model', 'data']);
    expect(kf[2]![1]).toBe(result.fit.dataKeyFigures.jscMaCm2);
  });

  it('writes the detected columns of a curve file as numbers, not text', async () => {
    const v = linspace(0, 0.6, 12);
    const text = ['J (mA/cm2),V (V)', ...v.map((x) => `${30 - 1e-9 * Math.expm1(x / 0.03)},${x}`)].join('\n');
    const job: CircuitJob = { kind: 'fit', model: 'sdm', tK: 300, curve: { text } };
    const result = runCircuitJob(job);
    const wb = await openXlsx(
      (await exportResult({ kind: 'circle', input: job, result, name: 'cols', format: 'xlsx', exportedAt })).body,
    );
    const rows = sheetRows(sheet(wb, 'Curve file')).slice(1);
    // the voltage is the second column here: 1, the current the first: 0
    expect(rows.find((r) => String(r[0]).startsWith('Voltage column'))![1]).toBe(1);
    expect(rows.find((r) => String(r[0]).startsWith('Current column'))![1]).toBe(0);
  });

  it('circle2: a modified-diode fit with the split, the absorber facts and the loss analysis', async () => {
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
    const v = linspace(-0.1, 1.25, 120);
    const sim = runCircuitJob({
      kind: 'simulate-modified',
      params: { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 },
      absorber,
      voltageV: v,
    });
    if (sim.kind !== 'simulate-modified') throw new Error('wrong kind');
    const job: CircuitJob = {
      kind: 'fit',
      model: 'modified',
      tK: 300,
      curve: { voltageV: v, jMaCm2: sim.curve.jMaCm2 },
      absorber,
      knowns: { bulk: { tauBulkS: 5e-7 }, auger: 'off' },
      spectrum,
    };
    const result = runCircuitJob(job);
    if (result.kind !== 'fit' || !result.curves?.[0]?.losses) throw new Error('no losses');
    const losses = result.curves[0].losses;
    const out = await exportResult({
      kind: 'circle2',
      input: job,
      result,
      name: 'modified',
      format: 'xlsx',
      exportedAt,
    });
    const wb = await openXlsx(out.body);
    const names = wb.worksheets.map((w) => w.name);
    expectValidSheetNames(names);
    expect(names).toEqual([
      'Metadata',
      'Fit parameters',
      'Fit quality',
      'Correlations',
      'Curves',
      'Key figures',
      'Absorber facts',
      'Fitted curve',
      'Recombination split',
      'Loss summary',
      'Loss key figures',
      'Loss waterfall',
      'Loss removal gains',
      'Power lost at MPP',
      'MPP',
      'Detailed balance',
      'Input',
    ]);
    const params = sheet(wb, 'Fit parameters');
    expect(column(params, 'Determined by the data')).toEqual(
      result.fit.parameters.map((p) => p.identifiability ?? null),
    );
    expect(column(params, 'Profile-likelihood low 95%')).toEqual(
      result.fit.parameters.map((p) => (Number.isFinite(p.profileLow) ? p.profileLow : null)),
    );
    const facts = Object.fromEntries(
      sheetRows(sheet(wb, 'Absorber facts'))
        .slice(1)
        .map((r) => [r[0], r[1]]),
    );
    expect(facts['y_bulk (bulk SRH, = 1/(2 tau))']).toBe(1e6);
    expect(facts['y_bulk from']).toBe('lifetime');
    expect(facts['y_Aug from']).toBe('off');
    const split = sheet(wb, 'Recombination split');
    expect(column(split, 'J interface (mA/cm²)')).toEqual(result.curves[0].split.interface);
    expect(column(split, 'J absorber volume (mA/cm²)')).toEqual(result.curves[0].split.volume);
    const wf = sheet(wb, 'Loss waterfall');
    expect(sheetRows(wf)[0]).toEqual(['Step', 'Loss (mW/cm²)', 'Loss (% of Pin)', 'Remaining (mW/cm²)']);
    expect(column(wf, 'Step')).toEqual(losses.waterfall.map((w) => w.name));
    expect(column(wf, 'Loss (mW/cm²)')).toEqual(losses.waterfall.map((w) => w.lossMwCm2));
    const rg = sheet(wb, 'Loss removal gains');
    expect(column(rg, 'Loss removed')).toEqual(losses.removal.map((r) => r.mechanism));
    expect(column(rg, 'Gain (% abs.)')).toEqual(losses.removal.map((r) => r.gainPercent));
    const mpp = sheetRows(sheet(wb, 'Power lost at MPP'));
    const parts = mpp.slice(1, -1).reduce((s, r) => s + (r[1] as number), 0);
    const total = losses.mpp.totalMwCm2!;
    expect(Math.abs(parts - total)).toBeLessThan(1e-9 * total);
    const db = Object.fromEntries(
      sheetRows(sheet(wb, 'Detailed balance'))
        .slice(1)
        .map((r) => [r[0], r[1]]),
    );
    expect(db['PCE']).toBe(losses.detailedBalance.pcePercent);
    // one incident power: the fit's key figures and the loss analysis give the same PCE
    const kf = sheetRows(sheet(wb, 'Key figures'));
    const pceCol = kf[0]!.indexOf('PCE (%)');
    expect(kf[1]![0]).toBe('curve model');
    expect(kf[1]![pceCol]).toBe(losses.device.pcePercent);
    expect(sheetRows(sheet(wb, 'Loss key figures'))[1]![pceCol]).toBe(losses.device.pcePercent);
  });

  it('circle2: two curves of one device, one sheet of each kind per curve', async () => {
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
    const params = { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 };
    const v = linspace(-0.1, 1.25, 60);
    const curve = (jph: number) => {
      const r = runCircuitJob({
        kind: 'simulate-modified',
        params: { ...params, jphMaCm2: jph },
        absorber,
        voltageV: v,
      });
      if (r.kind !== 'simulate-modified') throw new Error('wrong kind');
      return r.curve.jMaCm2;
    };
    const text = ['V,J', ...v.map((x, i) => `${x},${curve(0)[i]}`)].join('\n');
    const job: CircuitJob = {
      kind: 'fit',
      model: 'modified',
      tK: 300,
      curves: [
        { label: '1 sun', voltageV: v, jMaCm2: curve(23) },
        { label: 'dark', text, format: 'table' },
      ],
      absorber,
      knowns: { bulk: { yBulkPerS: 1e6 }, auger: 'off' },
    };
    const result = runCircuitJob(job);
    if (result.kind !== 'fit') throw new Error('wrong kind');
    const wb = await openXlsx(
      (await exportResult({ kind: 'circle2', input: job, result, name: 'two', format: 'xlsx', exportedAt })).body,
    );
    const names = wb.worksheets.map((w) => w.name);
    expectValidSheetNames(names);
    expect(names).toEqual(
      expect.arrayContaining([
        'Fitted curve 1',
        'Fitted curve 2',
        'Recombination split 1',
        'Recombination split 2',
        'Measured points 2',
        'Curve file 2',
        'Loss removal gains 1',
      ]),
    );
    expect(names).not.toContain('Loss removal gains 2');
    const curves = sheetRows(sheet(wb, 'Curves'));
    expect(curves.map((r) => r[0])).toEqual(['Curve', '1 sun', 'dark']);
    expect(curves.map((r) => r[1])).toEqual(['Light', 'light', 'dark']);
    // the detected columns are numbers, not text
    const file = Object.fromEntries(
      sheetRows(sheet(wb, 'Curve file 2'))
        .slice(1)
        .map((r) => [r[0], r[1]]),
    );
    expect(file['Voltage column (0 = first)']).toBe(0);
    expect(file['Current column (0 = first)']).toBe(1);
  });

  it('exports a simulated modified curve with its recombination components, a losses job and a detailed balance', async () => {
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
    const params = { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: null };
    const sim = runCircuitJob({ kind: 'simulate-modified', params, absorber, voltageV: linspace(0, 1.2, 25) });
    if (sim.kind !== 'simulate-modified') throw new Error('wrong kind');
    const wb = await openXlsx(
      (await exportResult({ kind: 'circle2', input: {}, result: sim, name: 's', format: 'xlsx' })).body,
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Metadata', 'Key figures', 'J-V', 'Input']);
    expect(sheetRows(sheet(wb, 'J-V'))[0]).toEqual([
      'V (V)',
      'J (mA/cm²)',
      'J radiative (mA/cm²)',
      'J bulk SRH (mA/cm²)',
      'J interface (mA/cm²)',
      'J Auger (mA/cm²)',
      'J shunt (mA/cm²)',
    ]);
    expect(column(sheet(wb, 'J-V'), 'J bulk SRH (mA/cm²)')).toEqual(sim.curve.components.bulk);

    const lossJob: CircuitJob = { kind: 'losses', params, absorber, spectrum };
    const losses = runCircuitJob(lossJob);
    const lw = await openXlsx(
      (await exportResult({ kind: 'circle2', input: lossJob, result: losses, name: 'l', format: 'xlsx' })).body,
    );
    expect(lw.worksheets.map((w) => w.name)).toContain('Loss waterfall');

    const dbJob: CircuitJob = { kind: 'detailed-balance', egEV: 1.34, spectrum };
    const db = runCircuitJob(dbJob) as Extract<CircuitJobResult, { kind: 'detailed-balance' }>;
    const zip = unzip(
      (await exportResult({ kind: 'circle2', input: dbJob, result: db, name: 'sq', format: 'csv-zip' })).body,
    );
    const rows = parseCsv(zip['2 Detailed balance.csv']!.slice(1));
    expect(rows[0]).toEqual(['Quantity', 'Value', 'Unit']);
    expect(Number(rows.find((r) => r[0] === 'PCE')![1])).toBe(db.result.pcePercent);
  });

  it('writes NaN as an empty cell and infinities as text (spreadsheets have neither)', async () => {
    const job: CircuitJob = { kind: 'detailed-balance', egEV: 1.34, spectrum };
    const db = runCircuitJob(job) as Extract<CircuitJobResult, { kind: 'detailed-balance' }>;
    const broken = { ...db, result: { ...db.result, ff: Number.NaN, vocV: Number.POSITIVE_INFINITY } };
    const wb = await openXlsx(
      (await exportResult({ kind: 'circle', input: job, result: broken, name: 'x', format: 'xlsx' })).body,
    );
    const m = Object.fromEntries(
      sheetRows(sheet(wb, 'Detailed balance'))
        .slice(1)
        .map((r) => [r[0], r[1]]),
    );
    expect(m['FF']).toBeNull();
    expect(m['Voc']).toBe('Infinity');
    // and the sheet XML itself has no NaN or infinite number, which Excel reports as corruption
    const xml = unzip(
      (await exportResult({ kind: 'circle', input: job, result: broken, name: 'x', format: 'xlsx' })).body,
    );
    const sheets = Object.entries(xml).filter(([k]) => k.startsWith('xl/worksheets/sheet'));
    expect(sheets.length).toBe(3);
    for (const [, x] of sheets) expect(x).not.toMatch(/<v>(NaN|-?Infinity)<\/v>/);
    const zip = unzip(
      (await exportResult({ kind: 'circle', input: job, result: broken, name: 'x', format: 'csv-zip' })).body,
    );
    const rows = parseCsv(zip['2 Detailed balance.csv']!.slice(1));
    expect(rows.find((r) => r[0] === 'FF')).toEqual(['FF', '', 'fraction']);
    expect(rows.find((r) => r[0] === 'Voc')).toEqual(['Voc', 'Infinity', 'V']);
  });
});

describe('bilingual headers (headers: zh-en)', () => {
  const optInput = readJson<DeviceLike>('packages/engine/test/optics/fixtures/perovskite-pin.device.json');
  const optReport = runDeviceOptics(optInput, assets).report;
  const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
  const v = linspace(-0.1, 1.25, 60);
  const params = { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 };
  const sim = runCircuitJob({ kind: 'simulate-modified', params, absorber, voltageV: v });
  const jm = (sim as Extract<CircuitJobResult, { kind: 'simulate-modified' }>).curve.jMaCm2;
  const text = ['V,J', ...v.map((x, i) => `${x},${jm[i]}`)].join('\n');
  const fit = runCircuitJob({
    kind: 'fit',
    model: 'modified',
    tK: 300,
    curve: { text },
    absorber,
    knowns: { bulk: { yBulkPerS: 1e6 }, auger: 'off' },
  });
  const dd = simulateJV({
    layers: [
      {
        name: 'i',
        thickness_nm: 200,
        eps_r: 10,
        chi_eV: 4,
        Eg_eV: 1.5,
        Nc_cm3: 1e19,
        Nv_cm3: 1e19,
        mu_n_cm2_Vs: 1,
        mu_p_cm2_Vs: 1,
        Nd_cm3: 0,
        Na_cm3: 0,
      },
    ],
    contacts: {
      left: { kind: 'schottky', workFunction_eV: 5.4 },
      right: { kind: 'schottky', workFunction_eV: 4.1 },
      anode: 'left',
    },
    T_K: 300,
    generation: { kind: 'uniform', G_cm3_s: 1e21 },
    voltage_V: [0, 0.5, 1],
    options: { nodes: 60 },
  });

  it('puts Chinese first and English with the unit in brackets on every header', async () => {
    const cases: [Parameters<typeof exportResult>[0]['kind'], unknown][] = [
      ['opt', optReport],
      ['elec', dd],
      ['circle2', sim],
      ['circle2', fit],
    ];
    for (const [kind, result] of cases) {
      const wb = await openXlsx(
        (await exportResult({ kind, input: {}, result, name: 'b', format: 'xlsx', headers: 'zh-en' })).body,
      );
      for (const ws of wb.worksheets) {
        if (ws.name === 'Input') continue;
        for (const hd of sheetRows(ws)[0] as string[])
          expect(hd, `${kind} ${ws.name}`).toMatch(/^[^(]*[\u4e00-\u9fff][^(]* \(/);
      }
      if (kind === 'opt') {
        const hd = sheetRows(sheet(wb, 'Spectra R T A'))[0];
        expect(hd!.slice(0, 3)).toEqual(['波长 (Wavelength, nm)', '反射率 (R, fraction)', '透射率 (T, fraction)']);
        expect(hd).toContain('吸收率 MAPbI3 (A MAPbI3, fraction)');
      }
    }
  });
});

describe('circuit figures a curve does not have', () => {
  it('a dark curve exports Jsc 0 and empty cells for Voc, FF and PCE, never zeros', async () => {
    const job: CircuitJob = {
      kind: 'simulate-sdm',
      params: { jphMaCm2: 0, j0MaCm2: 1e-9, n: 1.5, rsOhmCm2: 1, rshOhmCm2: 1e4, tK: 300 },
      voltageV: linspace(0, 0.8, 9),
    };
    const result = runCircuitJob(job);
    const wb = await openXlsx(
      (await exportResult({ kind: 'circle', input: job, result, name: 'dark', format: 'xlsx' })).body,
    );
    const kf = sheet(wb, 'Key figures');
    expect(Math.abs(column(kf, 'Jsc (mA/cm²)')[0] as number)).toBeLessThan(1e-20);
    expect(column(kf, 'Voc (V)')).toEqual([null]);
    expect(column(kf, 'FF (fraction)')).toEqual([null]);
    expect(column(kf, 'PCE (%)')).toEqual([null]);
    expect(column(kf, 'Pin (mW/cm²)')).toEqual([100]);
  });
});

describe('the Input sheet', () => {
  it('splits a line longer than a cell holds into rows of 32000 characters that join back', async () => {
    const job: CircuitJob = {
      kind: 'detailed-balance',
      egEV: 1.34,
      spectrum: { wavelengthNm: [300, 4000], irradianceWm2Nm: [1, 1] },
    };
    const result = runCircuitJob(job);
    // a measured curve pasted as text is one JSON string: here 64000 characters, two full rows
    const input = { ...job, note: 'x'.repeat(64000 - '  "note": "",'.length + 1) };
    const wb = await openXlsx((await exportResult({ kind: 'circle2', input, result, name: 'i', format: 'xlsx' })).body);
    const rows = sheetRows(sheet(wb, 'Input'))
      .slice(1)
      .map((r) => (r[0] ?? '') as string);
    expect(rows.some((r) => r.length === 32000)).toBe(true);
    let text = '';
    for (const r of rows) text += r.length === 32000 ? r : `${r}\n`;
    expect(JSON.parse(text)).toEqual(input);
  });

  it('takes the report of a { result, report } pair from runDeviceOptics', () => {
    const input = readJson<DeviceLike>('packages/engine/test/optics/fixtures/perovskite-pin.device.json');
    const pair = runDeviceOptics(input, assets);
    const t = resultTables({ kind: 'opt', result: { report: pair.report } });
    expect(t.device).toBe(pair.report.device);
  });
});

describe('results that cannot be exported', () => {
  const input = readJson<DeviceLike>('packages/engine/test/optics/fixtures/perovskite-pin.device.json');
  const { report } = runDeviceOptics(input, assets);
  const base = { input, name: 'x', format: 'xlsx' as const };

  it('rejects an unknown kind and an unknown format', async () => {
    await expect(exportResult({ ...base, kind: 'foo' as never, result: report })).rejects.toThrow(
      /unknown calculation kind "foo"/,
    );
    await expect(exportResult({ ...base, kind: 'opt', result: report, format: 'pdf' as never })).rejects.toThrow(
      /unknown format "pdf"/,
    );
  });

  it('names the missing or malformed field', async () => {
    const { R: _r, ...noR } = report;
    await expect(exportResult({ ...base, kind: 'opt', result: noR })).rejects.toThrow(
      "cannot export this 'opt' result: result.R must be an array of numbers (got nothing)",
    );
    const shortA = { ...report, layers: report.layers.map((l, j) => (j === 2 ? { ...l, A: l.A.slice(1) } : l)) };
    await expect(exportResult({ ...base, kind: 'opt', result: shortA })).rejects.toThrow(
      `result.layers[2].A must be an array of ${report.wavelengthNm.length} numbers`,
    );
    await expect(exportResult({ ...base, kind: 'opt', result: null })).rejects.toThrow(/has no result/);
    await expect(exportResult({ ...base, kind: 'elec', result: report })).rejects.toThrow(
      /must be a coupled device simulation \(runDeviceSimulation\) or a drift-diffusion result/,
    );
    await expect(exportResult({ ...base, kind: 'circle', result: { kind: 'nope' } })).rejects.toThrow(
      /result.kind must be one of simulate-sdm/,
    );
    await expect(exportResult({ ...base, kind: 'circle2', result: report })).rejects.toBeInstanceOf(ExportError);
  });

  it('reads results after a JSON round trip (NaN and infinities stored as null)', () => {
    const stored = JSON.parse(JSON.stringify({ ...report, R: report.R.map((r, i) => (i === 0 ? Number.NaN : r)) }));
    const t = resultTables({ kind: 'opt', result: stored }).tables[0]!;
    expect(Number.isNaN(t.rows[0]![1])).toBe(true);
    expect(t.rows[1]![1]).toBe(report.R[1]);
    // storage may hand back typed arrays
    const typed = { ...report, R: Float64Array.from(report.R), T: Float32Array.from(report.T) };
    const tt = resultTables({ kind: 'opt', result: typed }).tables[0]!;
    expect(tt.rows.map((r) => r[1])).toEqual(report.R);
    expect(tt.rows[5]![2]).toBe(Math.fround(report.T[5]!));
  });
});
