import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVICE_FIT_DEFAULT_EVALUATIONS, DEVICE_FIT_DEFAULT_SECONDS } from '@pvforge/contracts';
import { paramAt, sayVerdict } from '@pvforge/params';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildHeatmapCsv, buildHeatmapOption } from '../src/components/plots/plot-data';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { progressText } from '../src/live/progress-detail';
import { type Preview, previewCurve } from '../src/pages/plat/calc/CircuitModel';
import {
  BUDGET_DEFAULT,
  capEntryAfterRead,
  checkFitForm,
  DEFAULT_FIT_POINTS,
  detectEqeUnits,
  deviceProblem,
  entryAfterRead,
  eqeEntryAfterRead,
  type FitCurveEntry,
  type FitFormInput,
  fieldTitle,
  fitCapPoints,
  fitEqePoints,
  fitPoints,
  fittableFields,
  formFromJob,
  geometricCapacitance,
  issueAtOfField,
  newFitCurve,
  newFreeRow,
  previewCapacitance,
  previewEqe,
  previewSeries,
  serverIssues,
  sourceOfArrays,
  thinIndices,
  tieTargets,
  withKind,
  withLabels,
} from '../src/pages/plat/calc/fit-model';

const t = ((key: string, vars?: Record<string, unknown>) => i18n.t(key, vars)) as typeof i18n.t;
const device = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../assets/devices/perovskite-pin-electrical.device.json'), 'utf8'),
) as { name: string; electrical: Record<string, unknown>; layers: unknown[] };

beforeAll(async () => {
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

/** A light J-V of 41 points as a CSV text (a diode with a photocurrent). */
function lightCsv(n = 41, jph = 22): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const v = -0.1 + (1.3 * i) / (n - 1);
    return `${v.toFixed(4)},${(jph - 2.5e-11 * (Math.exp(v / 0.04) - 1)).toFixed(6)}`;
  });
  return ['voltage_V,current_density_mA_cm2', ...rows].join('\n');
}

/** A curve entry read from a text, with its preview, as the form holds both. */
function readEntry(text: string, extra: Partial<FitCurveEntry> = {}): { entry: FitCurveEntry; preview: Preview } {
  const source = { text, format: 'table' as const };
  const r = entryAfterRead(newFitCurve(), { source, label: 'light.csv' }, false, (c) => previewCurve(source, c));
  return { entry: { ...r.entry, ...extra }, preview: r.preview! };
}

function form(over: Partial<FitFormInput> = {}): FitFormInput {
  const { entry, preview } = readEntry(lightCsv());
  return {
    device,
    curves: [entry],
    previews: [preview],
    free: [newFreeRow(paramAt('layers[].electrical.tauNS')!, 'layers[3].electrical.tauNS')],
    budget: BUDGET_DEFAULT,
    ...over,
  };
}

describe('the fields a fit can leave free', () => {
  it('lists the drift-diffusion layers’ registry fields by layer name, label and unit, in stack order', () => {
    const fields = fittableFields(device, t, 'zh-CN');
    const tau = fields.find((f) => f.path === 'layers[3].electrical.tauNS')!;
    expect(fieldTitle(tau)).toBe('MAPbI3 › 电子寿命 τn (s)');
    expect(tau.value).toBe(2e-7);
    expect(tau.isDefault).toBe(false);
    // layers from the light side, then contacts, then the device
    const groups = [...new Set(fields.map((f) => f.group))];
    expect(groups).toEqual(['layer:2', 'layer:3', 'layer:4', 'contact:front', 'contact:back', 'device']);
    expect(fields.find((f) => f.path === 'electrical.contacts.front.workFunctionEV')?.groupTitle).toBe(
      '前电极（入光侧）',
    );
    expect(fields.find((f) => f.path === 'electrical.rsOhmCm2')?.groupTitle).toBe('器件');
    // the same in English
    const enTau = fittableFields(device, i18n.getFixedT('en') as typeof i18n.t, 'en').find(
      (f) => f.path === 'layers[3].electrical.tauNS',
    )!;
    expect(fieldTitle(enTau)).toBe('MAPbI3 › Electron lifetime τn (s)');
  });

  it('leaves out optics-only layers, the mesh, the temperature and the light', () => {
    const paths = fittableFields(device, t, 'zh-CN').map((f) => f.path);
    expect(paths).not.toContain('layers[0].thicknessNm'); // glass
    expect(paths).not.toContain('layers[1].thicknessNm'); // ITO
    expect(paths).toContain('layers[3].thicknessNm');
    expect(paths.some((p) => /gridPoints|gridGrading/.test(p))).toBe(false);
    expect(paths).not.toContain('electrical.temperatureK');
    expect(paths.some((p) => p.startsWith('illumination.'))).toBe(false);
  });

  it('offers the Auger coefficients a layer leaves to their default, marked as such', () => {
    const cn = fittableFields(device, t, 'zh-CN').find((f) => f.path === 'layers[3].electrical.cnCm6PerS')!;
    expect(cn.isDefault).toBe(true);
    expect(cn.value).toBe(0);
  });

  it('refuses devices a fit cannot run', () => {
    expect(deviceProblem({ layers: [] })).toBe('noElectrical');
    expect(deviceProblem({ name: 'x' })).toBe('notDevice');
    expect(deviceProblem({ ...device, electrical: { ...device.electrical, tandem: { kind: '2T' } } })).toBe('tandem');
    expect(deviceProblem(device)).toBeUndefined();
    expect(fittableFields({ layers: [] }, t, 'zh-CN')).toEqual([]);
  });
});

describe('a free row’s defaults come from the registry', () => {
  it('takes the usual range and the log scale of a lifetime', () => {
    expect(newFreeRow(paramAt('layers[].electrical.tauNS')!, 'layers[3].electrical.tauNS')).toEqual({
      path: 'layers[3].electrical.tauNS',
      min: '1e-13',
      max: '0.1',
      scale: 'log',
      tie: '',
    });
  });
  it('takes a linear range from the hard limit where the usual range is open (series resistance from 0)', () => {
    expect(newFreeRow(paramAt('electrical.rsOhmCm2')!, 'electrical.rsOhmCm2')).toMatchObject({
      min: '0',
      max: '50',
      scale: 'linear',
    });
  });
  it('offers only rows of the same unit, not tied themselves, as tie targets', () => {
    const rows = [
      newFreeRow(paramAt('layers[].electrical.muNCm2PerVs')!, 'layers[3].electrical.muNCm2PerVs'),
      newFreeRow(paramAt('layers[].electrical.muPCm2PerVs')!, 'layers[3].electrical.muPCm2PerVs'),
      newFreeRow(paramAt('layers[].electrical.tauNS')!, 'layers[3].electrical.tauNS'),
    ];
    expect(tieTargets(rows, 1).map((r) => r.path)).toEqual(['layers[3].electrical.muNCm2PerVs']);
  });
});

describe('curves', () => {
  it('takes evenly spread measured points, both ends kept', () => {
    expect(thinIndices(5, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(thinIndices(11, 3)).toEqual([0, 5, 10]);
    const idx = thinIndices(1001, 40);
    expect(idx).toHaveLength(40);
    expect(idx[0]).toBe(0);
    expect(idx.at(-1)).toBe(1000);
  });

  it('sets a read curve’s name, light, scan and points from what the reader found', () => {
    const { entry, preview } = readEntry(lightCsv(101));
    expect(entry.label).toBe('light.csv');
    expect(entry.suns).toBe('1');
    expect(entry.scan).toBe('forward');
    expect(entry.points).toBe(String(DEFAULT_FIT_POINTS));
    const used = fitPoints(preview, entry.points);
    expect(used.voltageV).toHaveLength(DEFAULT_FIT_POINTS);
    expect(used.voltageV[0]).toBeCloseTo(-0.1, 6);
    expect(used.voltageV.at(-1)).toBeCloseTo(1.2, 6);
  });

  it('reads SIMsalabim’s current in A/m² and drops that unit for the next file', () => {
    const simssText = ['Vext Jext errJ', ...Array.from({ length: 12 }, (_, i) => `${i * 0.1} ${-200 + i} 0`)].join(
      '\n',
    );
    const source = { text: simssText, format: 'table' as const };
    const r = entryAfterRead(newFitCurve(), { source, label: 'JV.dat' }, true, (c) => previewCurve(source, c));
    expect(r.entry.simss).toBe(true);
    expect(r.entry.choice.currentUnit).toBe('A/m2');
    expect(r.preview?.ok && r.preview.curve.detected.currentUnit).toBe('A/m2');
    // -200 A/m² at 0 V is 20 mA/cm² of photocurrent
    expect(r.preview?.ok && r.preview.curve.measured.jMaCm2[0]).toBeCloseTo(20, 6);
    const csv = { text: lightCsv(), format: 'table' as const };
    const next = entryAfterRead(r.entry, { source: csv, label: 'b.csv' }, false, (c) => previewCurve(csv, c));
    expect(next.entry.simss).toBeUndefined();
    expect(next.entry.choice.currentUnit).toBeUndefined();
  });

  it('reads a stored curve back as it was fitted', () => {
    const src = sourceOfArrays([0, 0.1], [20, 19]);
    expect('text' in src && src.text).toBe('voltage_V,current_density_mA_cm2\n0,20\n0.1,19');
  });
});

describe('checking the form', () => {
  it('gives the job of a good form: thinned curves, explicit bounds, the budget', () => {
    const { job, issues } = checkFitForm(form(), t, 'zh-CN');
    expect(issues.filter((i) => !i.warning)).toEqual([]);
    expect(job?.curves[0]).toMatchObject({ kind: 'jv', label: 'light.csv', intensitySuns: 1, scan: 'forward' });
    const curve = job?.curves[0];
    expect(curve?.kind === 'jv' && curve.voltageV).toHaveLength(DEFAULT_FIT_POINTS);
    expect(job?.free).toEqual([{ path: 'layers[3].electrical.tauNS', min: 1e-13, max: 0.1, scale: 'log' }]);
    expect(job?.options).toEqual({
      maxEvaluations: DEVICE_FIT_DEFAULT_EVALUATIONS,
      maxSeconds: DEVICE_FIT_DEFAULT_SECONDS,
    });
  });

  it('says what is missing, marked so the form says it only after a submit', () => {
    const { job, issues } = checkFitForm(
      { device: undefined, curves: [newFitCurve()], previews: [undefined], free: [], budget: BUDGET_DEFAULT },
      t,
      'zh-CN',
    );
    expect(job).toBeUndefined();
    expect(issues).toEqual(
      expect.arrayContaining([
        { at: { kind: 'device' }, text: '请选择要拟合的器件', missing: true },
        { at: { kind: 'curve', index: 0, field: 'data' }, text: '请上传或粘贴这条曲线', missing: true },
        { at: { kind: 'general' }, text: '请至少选择一个拟合参数', missing: true },
      ]),
    );
  });

  it('judges a bound with the registry’s words: beyond the hard limit refuses, outside the usual range advises', () => {
    const p = paramAt('layers[].electrical.tauNS')!;
    const row = { ...newFreeRow(p, 'layers[3].electrical.tauNS'), min: '-1', max: '1' };
    const { job, issues } = checkFitForm(form({ free: [row] }), t, 'zh-CN');
    expect(job).toBeUndefined();
    const min = issues.find((i) => i.at.kind === 'free' && i.at.field === 'min')!;
    expect(min.text).toBe(sayVerdict(p, { severity: 'error', rule: 'below', limit: 0, inclusive: false }, -1, 'zh'));
    const max = issues.find((i) => i.at.kind === 'free' && i.at.field === 'max')!;
    expect(max.warning).toBe(true);
    expect(max.text).toContain('1');
  });

  it('hands the physics to the engine’s check and shows its words at the field, paths named by label', () => {
    const row = { ...newFreeRow(paramAt('layers[].electrical.tauNS')!, 'layers[3].electrical.tauNS'), min: '1e-6' };
    row.max = '1e-8';
    const labels = new Map([['layers[3].electrical.tauNS', 'MAPbI3 › 电子寿命 τn']]);
    const { job, issues } = checkFitForm(form({ free: [row] }), t, 'zh-CN', labels);
    expect(job).toBeUndefined();
    expect(issues).toContainEqual({
      at: { kind: 'free', index: 0, field: 'max' },
      text: '上限 1e-8 必须大于下限 1e-6',
    });
    // a light curve on a device without light: the engine says so at the curve's intensity
    const dark = { ...device, electrical: { ...device.electrical, generation: { kind: 'dark' } } };
    const r = checkFitForm(form({ device: dark }), t, 'zh-CN');
    expect(r.issues.find((i) => i.at.kind === 'curve' && i.at.field === 'suns')?.text).toContain('无法拟合光照曲线');
  });

  it('checks formats and ranges of the curve fields and the budget in the UI language', () => {
    const { entry, preview } = readEntry(lightCsv(), {
      suns: 'a',
      temperatureK: 'x',
      scanRate: '-1',
      noise: 'both',
      noiseAbs: '1e-4',
      noiseRel: '',
      points: '2',
    });
    const { issues } = checkFitForm(
      form({ curves: [entry], previews: [preview], budget: { evaluations: '5', seconds: '9999' } }),
      t,
      'zh-CN',
    );
    const at = (field: string) => issues.find((i) => i.at.kind === 'curve' && i.at.field === field)?.text;
    expect(at('suns')).toBe('请输入数字（如 0.05 或 1e-7）');
    expect(at('temperatureK')).toBe('请输入数字（如 0.05 或 1e-7）');
    expect(at('scanRate')).toBe('须为大于 0 的数字');
    expect(at('noise')).toBe('请填写');
    expect(at('points')).toBe('点数须为 5 到 41 之间的整数');
    expect(issues.find((i) => i.at.kind === 'budget' && i.at.field === 'evaluations')?.text).toBe(
      '计算次数须为 10 到 5000 之间的整数',
    );
    expect(issues.find((i) => i.at.kind === 'budget' && i.at.field === 'seconds')?.text).toBe(
      '时间须在 1 到 3600 秒之间',
    );
  });

  it('refuses a curve of two points with the reader’s words', () => {
    const { entry, preview } = readEntry('voltage_V,current_density_mA_cm2\n0,20\n1,-5');
    expect(preview.ok).toBe(false);
    const { issues } = checkFitForm(form({ curves: [entry], previews: [preview] }), t, 'zh-CN');
    expect(issues.find((i) => i.at.kind === 'curve' && i.at.field === 'data')?.text).toBe(
      '曲线无法使用：曲线只有 2 个点，拟合至少需要 10 个',
    );
  });
});

/** An EQE spectrum of `n` points from 350 to 800 nm as a table under a header: a hump up to 85 %. */
function eqeCsv(n = 46, { um = false, fraction = false, header = 'wavelength (nm),EQE (%)' } = {}): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const nm = 350 + (450 * i) / (n - 1);
    const q = 85 * Math.sin((Math.PI * (nm - 300)) / 550);
    return `${um ? nm / 1000 : nm},${(fraction ? q / 100 : q).toFixed(4)}`;
  });
  return [header, ...rows].join('\n');
}

/** An EQE entry read from a text, with its preview, as the form holds both. */
function readEqe(text: string, extra: Partial<FitCurveEntry> = {}) {
  const r = eqeEntryAfterRead(newFitCurve({ kind: 'eqe' }), {
    source: { text, format: 'table' },
    label: 'eqe.csv',
  });
  const entry = { ...r.entry, ...extra };
  return { entry, preview: previewEqe(entry.curve.source!, entry.eqeUnits) };
}

describe('EQE spectra', () => {
  it('detects µm and a fraction from the values, and takes the user’s units over them', () => {
    expect(detectEqeUnits([0.35, 0.8], [0.1, 0.85])).toEqual({ wavelength: 'um', eqe: 'fraction' });
    expect(detectEqeUnits([350, 800], [10, 85])).toEqual({ wavelength: 'nm', eqe: 'percent' });
    const src = { text: eqeCsv(46, { um: true, fraction: true }), format: 'table' as const };
    const p = previewEqe(src);
    expect(p.ok && p.units).toEqual({ wavelength: 'um', eqe: 'fraction' });
    // µm times 1000, a fraction times 100, without a floating-point tail
    expect(p.ok && p.wavelengthNm[0]).toBe(350);
    expect(p.ok && p.wavelengthNm.at(-1)).toBe(800);
    expect(p.ok && Math.max(...p.eqePercent)).toBeCloseTo(85, 1);
    // the user says the numbers are already nm and %: they are read as they are
    const asIs = previewEqe(src, { wavelength: 'nm', eqe: 'percent' });
    expect(asIs.ok && asIs.wavelengthNm[0]).toBe(0.35);
    expect(asIs.ok && asIs.detected).toEqual({ wavelength: 'um', eqe: 'fraction' });
  });

  it('reads a spectrum measured from red to blue, with a decimal comma, sorted by wavelength', () => {
    const text = ['Wellenlänge;EQE', '800;20,5', '700;80,1', '600;88', '500;85', '400;60'].join('\n');
    const p = previewEqe({ text, format: 'table' });
    expect(p.ok && p.wavelengthNm).toEqual([400, 500, 600, 700, 800]);
    expect(p.ok && p.eqePercent).toEqual([60, 85, 88, 80.1, 20.5]);
  });

  it('reads a spreadsheet’s cells', () => {
    const rows = [['λ (nm)', 'EQE (%)'], ...[400, 500, 600, 700, 800].map((w) => [w, w / 10])];
    const p = previewEqe({ rows });
    expect(p.ok && p.measuredPoints).toBe(5);
  });

  it('says why a table cannot be read, in the UI language', () => {
    const err = (text: string) => {
      const p = previewEqe({ text, format: 'table' });
      return p.ok ? '' : t(`fit.eqe.err.${p.code}`, p.params);
    };
    expect(err('wavelength,EQE\n400,50\n500,60')).toBe('只有 2 个点，拟合至少需要 5 个');
    expect(err('wavelength,EQE\n400,50\n500,60\n500,61\n600,70\n700,40')).toBe('波长 500 nm 出现了两次');
    expect(err('wavelength,EQE\n400,50\n500,x\n600,70')).toBe('第 3 行有无法读取的数值：“500 x”');
    expect(err('wavelength EQE\n400\n500')).toBe('第 2 行只有一列：需要两列（波长, EQE）');
    expect(err('only words here')).toBe('没有找到数据：需要两列数字（波长, EQE），可有一行表头');
    const iv = previewEqe({ text: 'v(V) jtot(mA/cm2)', format: 'scaps-iv' });
    expect(!iv.ok && iv.code).toBe('jvFile');
    // a footer after the numbers ends the table
    const footer = previewEqe({ text: `${eqeCsv(10)}\nmeasured by the lab`, format: 'table' });
    expect(footer.ok && footer.measuredPoints).toBe(10);
  });

  it('sets a read spectrum’s name and points, and thins it to them', () => {
    const { entry, preview } = readEqe(eqeCsv(101));
    expect(entry).toMatchObject({ kind: 'eqe', label: 'eqe.csv', points: String(DEFAULT_FIT_POINTS) });
    const used = fitEqePoints(preview, entry.points);
    expect(used.wavelengthNm).toHaveLength(DEFAULT_FIT_POINTS);
    expect(used.wavelengthNm[0]).toBe(350);
    expect(used.wavelengthNm.at(-1)).toBe(800);
    // a J-V's points are not an EQE's
    expect(fitPoints(preview, entry.points).voltageV).toEqual([]);
  });

  it('drops the file when a curve changes kind, and keeps its own name', () => {
    const { entry } = readEqe(eqeCsv());
    const jv = withKind({ ...entry, temperatureK: '290' }, 'jv');
    expect(jv).toMatchObject({ kind: 'jv', curve: {}, points: '', label: '', temperatureK: '290' });
    expect(withKind({ ...entry, label: 'EQE A' }, 'jv').label).toBe('EQE A');
    expect(withKind(entry, 'eqe')).toBe(entry);
  });

  it('builds the job’s EQE curve: nm and %, no light, its noise in percentage points', () => {
    const jv = readEntry(lightCsv());
    const eqe = readEqe(eqeCsv(46, { um: true, fraction: true }), { noisePercent: '0.5', temperatureK: '295' });
    const { job, issues } = checkFitForm(
      form({ curves: [jv.entry, eqe.entry], previews: [jv.preview, eqe.preview] }),
      t,
      'zh-CN',
    );
    expect(issues.filter((i) => !i.warning)).toEqual([]);
    const c = job?.curves[1];
    expect(c).toMatchObject({ kind: 'eqe', label: 'eqe.csv', noisePercent: 0.5, temperatureK: 295 });
    expect(c && 'intensitySuns' in c).toBe(false);
    expect(c?.kind === 'eqe' && c.wavelengthNm).toHaveLength(DEFAULT_FIT_POINTS);
    expect(c?.kind === 'eqe' && c.wavelengthNm[0]).toBe(350);
    expect(c?.kind === 'eqe' && Math.max(...c.eqePercent)).toBeGreaterThan(80);
    // the form's preview draws the J-V and the spectrum on plots of their own
    const plots = previewSeries([jv.entry, eqe.entry], [jv.preview, eqe.preview], t);
    expect(plots.jv.map((s) => s.name)).toEqual(['light.csv', 'light.csv（拟合所用点）']);
    expect(plots.eqe.map((s) => s.name)).toEqual(['eqe.csv', 'eqe.csv（拟合所用点）']);
  });

  it('says what is wrong with an EQE curve at its field, in the UI language', () => {
    const bad = readEqe(eqeCsv(), { noisePercent: 'abc', points: '3' });
    const { issues } = checkFitForm(form({ curves: [bad.entry], previews: [bad.preview] }), t, 'zh-CN');
    const at = (field: string) => issues.find((i) => i.at.kind === 'curve' && i.at.field === field)?.text;
    expect(at('noise')).toBe('请输入数字（如 0.05 或 1e-7）');
    expect(at('points')).toBe('点数须为 5 到 46 之间的整数');
    const unread = readEqe('wavelength,EQE\n400,50\n500,60');
    const enT = i18n.getFixedT('en') as typeof i18n.t;
    const r = checkFitForm(form({ curves: [unread.entry], previews: [unread.preview] }), enT, 'en');
    expect(r.issues.find((i) => i.at.kind === 'curve' && i.at.field === 'data')?.text).toBe(
      'The curve cannot be used: only 2 points: a fit needs at least 5',
    );
  });

  it('tells the engine’s refusals of a spectrum at the curve as soon as it is read, before the rest is filled in', () => {
    // beyond the device's optical window (300-850 nm), with no free parameter chosen yet
    const wide = readEqe(eqeCsv().replace(/^800,/m, '1000,'));
    const far = checkFitForm(form({ curves: [wide.entry], previews: [wide.preview], free: [] }), t, 'zh-CN');
    expect(far.job).toBeUndefined();
    expect(far.issues.find((i) => i.at.kind === 'curve' && i.at.field === 'data')?.text).toContain(
      '超出器件光学计算的范围 300–850 nm',
    );
    // above 100 % once read as %
    const over = readEqe(eqeCsv(), { eqeUnits: { eqe: 'fraction' } });
    const high = checkFitForm(form({ curves: [over.entry], previews: [over.preview] }), t, 'en');
    expect(high.issues.find((i) => i.at.kind === 'curve' && i.at.field === 'data')?.text).toContain('above 100 %');
    // a device whose generation is not optical has no EQE: said at the curve's kind
    const ok = readEqe(eqeCsv());
    const dark = { ...device, electrical: { ...device.electrical, generation: { kind: 'dark' } } };
    const r = checkFitForm(form({ device: dark, curves: [ok.entry], previews: [ok.preview] }), t, 'zh-CN');
    expect(r.issues.find((i) => i.at.kind === 'curve' && i.at.field === 'kind')?.text).toContain(
      'EQE 曲线需要器件的光学部分',
    );
  });

  it('gives an EQE its bias light and bias voltage: in the job, refused at their fields, back from a stored job', () => {
    const biased = readEqe(eqeCsv(), { eqeBiasLight: '1', eqeBiasV: '0.8' });
    const ok = checkFitForm(form({ curves: [biased.entry], previews: [biased.preview] }), t, 'zh-CN');
    expect(ok.issues.filter((i) => !i.warning)).toEqual([]);
    expect(ok.job?.curves[0]).toMatchObject({ kind: 'eqe', biasLightSuns: 1, biasV: 0.8 });
    // empty fields: short circuit without bias light, nothing in the job
    const plain = readEqe(eqeCsv());
    const c = checkFitForm(form({ curves: [plain.entry], previews: [plain.preview] }), t, 'zh-CN').job?.curves[0];
    expect(c && ('biasLightSuns' in c || 'biasV' in c)).toBe(false);
    const at = (r: ReturnType<typeof checkFitForm>, field: string) =>
      r.issues.find((i) => i.at.kind === 'curve' && i.at.field === field)?.text;
    // the engine's refusals (a bias light in mW/cm², a bias beyond the absorber's gap) at their fields
    const bad = readEqe(eqeCsv(), { eqeBiasLight: '100', eqeBiasV: '2' });
    const r = checkFitForm(form({ curves: [bad.entry], previews: [bad.preview] }), t, 'zh-CN');
    expect(at(r, 'biasLight')).toContain('须在 0 到 2 个太阳之间');
    expect(at(r, 'biasV')).toContain('带隙');
    const enT = i18n.getFixedT('en') as typeof i18n.t;
    const typo = readEqe(eqeCsv(), { eqeBiasV: 'abc' });
    expect(at(checkFitForm(form({ curves: [typo.entry], previews: [typo.preview] }), enT, 'en'), 'biasV')).toMatch(
      /number/,
    );
    // the server names the field in the job: an EQE's biasV is its bias field, not its data
    expect(issueAtOfField('job.curves[0].biasV', ['eqe'])).toEqual({ kind: 'curve', index: 0, field: 'biasV' });
    expect(issueAtOfField('job.curves[0].biasLightSuns', ['eqe'])).toEqual({
      kind: 'curve',
      index: 0,
      field: 'biasLight',
    });
    const back = formFromJob({
      device,
      curves: [
        {
          kind: 'eqe',
          wavelengthNm: [400, 500, 600, 700, 800],
          eqePercent: [50, 80, 90, 70, 20],
          biasLightSuns: 0.5,
          biasV: -1,
        },
      ],
      free: [],
    }).curves[0];
    expect(back).toMatchObject({ kind: 'eqe', eqeBiasLight: '0.5', eqeBiasV: '-1' });
  });

  it('gives an EQE curve back from a stored job, in nm and % as it was fitted', () => {
    const f = formFromJob({
      device,
      curves: [
        {
          kind: 'eqe',
          label: 'EQE',
          wavelengthNm: [400, 500, 600, 700, 800],
          eqePercent: [0.5, 0.8, 0.9, 0.7, 0.2],
          noisePercent: 0.3,
          weight: 2,
        },
      ],
      free: [],
    });
    const e = f.curves[0]!;
    expect(e).toMatchObject({ kind: 'eqe', label: 'EQE', noisePercent: '0.3', weight: '2', points: '5' });
    // an EQE of at most 1 % is not taken for a fraction: the stored spectrum is in %
    const p = previewEqe(e.curve.source!, e.eqeUnits);
    expect(p.ok && p.eqePercent).toEqual([0.5, 0.8, 0.9, 0.7, 0.2]);
  });
});

/** A C-V of n points, -1 to 0.6 V, as a CSV in a unit (a Mott-Schottky-like rise from 78 nF/cm²). */
function cvCsv(n = 17, { factor = 1, header = 'Bias (V),C (nF/cm2)', mv = false } = {}): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const v = -1 + (1.6 * i) / (n - 1);
    return `${mv ? v * 1000 : v},${((78 / Math.sqrt(1 - v / 1.7)) * factor).toPrecision(6)}`;
  });
  return [header, ...rows].join('\n');
}

/** A C-f of n points, 10 mHz to 10 MHz, as a CSV (an ionic step from 108 to 31 nF/cm²). */
function cfCsv(n = 19, { factor = 1, header = 'f (Hz),C (nF/cm2)', khz = false } = {}): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const f = 1e-2 * 10 ** (i / 2);
    return `${khz ? f / 1000 : f},${((31 + 77 / (1 + f)) * factor).toPrecision(6)}`;
  });
  return [header, ...rows].join('\n');
}

/** A capacitance entry read from a text, with its preview, as the form holds both. */
function readCap(kind: 'cv' | 'cf', text: string, extra: Partial<FitCurveEntry> = {}) {
  const r = capEntryAfterRead(
    withKind(newFitCurve(), kind),
    { source: { text, format: 'table' }, label: `${kind}.csv` },
    device,
  );
  const entry = { ...r.entry, ...(kind === 'cv' ? { frequencyHz: '10000' } : {}), ...extra };
  return { entry, preview: previewCapacitance(entry.curve.source!, entry, device) };
}

describe('C-V and C-f curves', () => {
  it('reads units from the header, else detects them against the device’s geometric capacitance', () => {
    // the example cell: PTAA 10 nm / 3, MAPbI3 500 nm / 24, PCBM 25 nm / 5 in series
    expect(geometricCapacitance(device)).toBeCloseTo(30.36, 1);
    const header = readCap('cv', cvCsv(17, { factor: 1e-3, header: 'Bias (V),C (uF/cm2)' })).preview;
    expect(header.ok && header.units).toEqual({ x: 'V', capacitance: 'uF/cm2' });
    expect(header.ok && header.detected.from).toBe('header');
    expect(header.ok && header.capacitanceNFPerCm2[0]).toBeCloseTo(78 / Math.sqrt(1 + 1 / 1.7), 3);
    // no unit in the header: F/cm² from the magnitude (1e-8), mV above 10
    const f = readCap('cv', cvCsv(17, { factor: 1e-9, header: 'V,C', mv: true })).preview;
    expect(f.ok && f.units).toEqual({ x: 'mV', capacitance: 'F/cm2' });
    expect(f.ok && f.detected.from).toBe('values');
    expect(f.ok && f.x[0]).toBe(-1);
    expect(f.ok && f.capacitanceNFPerCm2.at(-1)).toBeCloseTo(78 / Math.sqrt(1 - 0.6 / 1.7), 3);
    // kHz from a C-f's header; the user's unit over the detected one
    const k = readCap('cf', cfCsv(19, { khz: true, header: 'f (kHz),C (nF/cm2)' })).preview;
    expect(k.ok && k.units.x).toBe('kHz');
    expect(k.ok && k.x[0]).toBeCloseTo(0.01, 12);
    const chosen = readCap('cf', cfCsv(), { capUnits: { capacitance: 'pF/cm2' } }).preview;
    expect(chosen.ok && chosen.units.capacitance).toBe('pF/cm2');
    expect(chosen.ok && chosen.detected.capacitance).toBe('nF/cm2');
  });

  it('divides a capacitance of the whole device by its area, and cannot read one without it', () => {
    // 0.1 cm² in pF: 78 nF/cm² is 7800 pF
    const text = cvCsv(17, { factor: 100, header: 'Bias (V),Cp (pF)' });
    const none = readCap('cv', text).preview;
    expect(!none.ok && none.code).toBe('needArea');
    expect(!none.ok && t(`fit.cap.err.${none.code}`, none.params)).toBe(
      '电容是整个器件的值（pF）：请填写器件面积，以换算为 nF/cm²',
    );
    const read = readCap('cv', text, { areaCm2: '0.1' });
    const withArea = read.preview;
    expect(withArea.ok && withArea.capacitanceNFPerCm2[0]).toBeCloseTo(78 / Math.sqrt(1 + 1 / 1.7), 3);
    // read before its area was given, the curve has no number of points yet: the default is taken
    expect(read.entry.points).toBe('');
    const { job, issues } = checkFitForm(form({ curves: [read.entry], previews: [withArea] }), t, 'zh-CN');
    expect(issues.filter((i) => !i.warning)).toEqual([]);
    expect(job?.curves[0]?.kind === 'cv' && job.curves[0].biasV).toHaveLength(17);
    // no unit in the header, the area given: absolute units are the ones detected
    const abs = readCap('cv', cvCsv(17, { factor: 100, header: 'V,C' }), { areaCm2: '0.1' }).preview;
    expect(abs.ok && abs.units.capacitance).toBe('pF');
  });

  it('says why a capacitance table cannot be read, in the UI language', () => {
    const err = (kind: 'cv' | 'cf', text: string) => {
      const p = readCap(kind, text).preview;
      return p.ok ? '' : t(`fit.cap.err.${p.code}`, { ...p.params, what: t(`fit.cap.x.${kind}`) });
    };
    expect(err('cv', 'V,C\n0,50\n0.1,60')).toBe('只有 2 个点，拟合至少需要 5 个');
    expect(err('cf', 'f,C\n10,50\n100,40\n100,41\n1000,35\n1e4,33')).toBe('频率 100 Hz 出现了两次');
    expect(err('cv', 'only words')).toBe('没有找到数据：需要两列数字（偏压, 电容），可有一行表头');
  });

  it('builds the job’s C-V and C-f: their conditions, dark by default, noise in nF/cm² or relative', () => {
    const cv = readCap('cv', cvCsv(), { noise: 'rel', noiseRel: '0.01', temperatureK: '295' });
    const cf = readCap('cf', cfCsv(), { biasV: '-0.2', noise: 'abs', noiseAbs: '0.5', suns: '0.1' });
    const { job, issues } = checkFitForm(
      form({ curves: [cv.entry, cf.entry], previews: [cv.preview, cf.preview] }),
      t,
      'zh-CN',
    );
    expect(issues.filter((i) => !i.warning)).toEqual([]);
    const [a, b] = job!.curves;
    expect(a).toMatchObject({ kind: 'cv', label: 'cv.csv', frequencyHz: 1e4, noiseRel: 0.01, temperatureK: 295 });
    expect(a && 'intensitySuns' in a).toBe(false);
    expect(a?.kind === 'cv' && a.biasV).toHaveLength(17);
    expect(b).toMatchObject({ kind: 'cf', biasV: -0.2, noiseNFPerCm2: 0.5, intensitySuns: 0.1 });
    expect(b?.kind === 'cf' && b.frequencyHz[0]).toBeCloseTo(0.01, 12);
    expect(fitCapPoints(cv.preview, '5').x).toEqual([-1, -0.6, -0.2, 0.2, 0.6]);
    // the preview draws each kind on its own plot
    const plots = previewSeries([cv.entry, cf.entry], [cv.preview, cf.preview], t);
    expect(plots.cv.map((s) => s.name)).toEqual(['cv.csv', 'cv.csv（拟合所用点）']);
    expect(plots.cf).toHaveLength(2);
    expect(plots.jv).toEqual([]);
  });

  it('says what is wrong with a capacitance curve at its field: the frequency, the engine’s unit check, the bias', () => {
    const noFreq = readCap('cv', cvCsv(), { frequencyHz: '' });
    const r = checkFitForm(form({ curves: [noFreq.entry], previews: [noFreq.preview] }), t, 'zh-CN');
    expect(r.issues.find((i) => i.at.kind === 'curve' && i.at.field === 'condition')?.text).toBe('请填写');
    // a C-V whose values no unit brings near the device: read as nF/cm², the engine names the likely unit
    const tiny = readCap('cv', cvCsv(17, { factor: 1e-3, header: 'V,C' }), { capUnits: { capacitance: 'nF/cm2' } });
    const enT = i18n.getFixedT('en') as typeof i18n.t;
    const u = checkFitForm(form({ curves: [tiny.entry], previews: [tiny.preview], free: [] }), enT, 'en');
    expect(u.issues.find((i) => i.at.kind === 'curve' && i.at.field === 'data')?.text).toMatch(
      /below the device's geometric capacitance .*was it µF\/cm²\? multiply by 1000/,
    );
    // a C-f at a bias beyond the absorber's gap: said at the bias, the curve's condition
    const far = readCap('cf', cfCsv(), { biasV: '2.5' });
    const b = checkFitForm(form({ curves: [far.entry], previews: [far.preview], free: [] }), enT, 'en');
    expect(b.issues.find((i) => i.at.kind === 'curve' && i.at.field === 'condition')?.text).toMatch(
      /forward bias of 2.5 V, beyond the band gap of the absorber/,
    );
  });

  it('switches kinds with the light and the noise of the new kind, and gives stored curves back', () => {
    const jv = newFitCurve({ noise: 'abs', noiseAbs: '0.05' });
    const cv = withKind(jv, 'cv');
    expect(cv).toMatchObject({ kind: 'cv', suns: '0', noise: 'auto', noiseAbs: '' });
    expect(withKind(cv, 'cf')).toMatchObject({ kind: 'cf', suns: '0' });
    expect(withKind(cv, 'jv').suns).toBe('1');
    const f = formFromJob({
      device,
      curves: [
        {
          kind: 'cv',
          label: 'CV',
          frequencyHz: 1e5,
          biasV: [-1, -0.5, 0, 0.3, 0.5],
          capacitanceNFPerCm2: [0.8, 0.9, 1, 1.1, 1.2],
          noiseRel: 0.02,
        },
        {
          kind: 'cf',
          label: 'CF',
          biasV: 0.2,
          intensitySuns: 1,
          frequencyHz: [1, 10, 100, 1e3, 1e4],
          capacitanceNFPerCm2: [90, 60, 40, 35, 33],
        },
      ],
      free: [],
    });
    expect(f.curves[0]).toMatchObject({
      kind: 'cv',
      label: 'CV',
      frequencyHz: '1e5',
      noise: 'rel',
      noiseRel: '0.02',
      suns: '0',
    });
    expect(f.curves[1]).toMatchObject({ kind: 'cf', biasV: '0.2', suns: '1' });
    // read back as stored: in V and nF/cm², not taken for µF although small
    const p = previewCapacitance(f.curves[0]!.curve.source!, f.curves[0]!, device);
    expect(p.ok && p.capacitanceNFPerCm2).toEqual([0.8, 0.9, 1, 1.1, 1.2]);
    expect(issueAtOfField('job.curves[0].frequencyHz', ['cv'])).toEqual({
      kind: 'curve',
      index: 0,
      field: 'condition',
    });
    expect(issueAtOfField('job.curves[0].frequencyHz', ['cf'])).toEqual({ kind: 'curve', index: 0, field: 'data' });
    expect(issueAtOfField('job.curves[1].biasV', ['cv', 'cf'])).toEqual({
      kind: 'curve',
      index: 1,
      field: 'condition',
    });
  });
});

describe('the server’s refusal, field by field', () => {
  it('places the worded problems and strips the request’s job prefix', () => {
    expect(issueAtOfField('job.curves[1].noiseRel')).toEqual({ kind: 'curve', index: 1, field: 'noise' });
    expect(issueAtOfField('free[0].max')).toEqual({ kind: 'free', index: 0, field: 'max' });
    expect(issueAtOfField('options.maxSeconds')).toEqual({ kind: 'budget', field: 'seconds' });
    expect(issueAtOfField('device.electrical')).toEqual({ kind: 'device' });
    const data = {
      field: 'job.curves[0].voltageV',
      errors: ['job.curves[0].voltageV: x'],
      problems: [{ field: 'job.free[0].tie', msg: '「layers[3].electrical.tauNS」不是自由参数，不能绑定到它' }],
    };
    expect(serverIssues(data, 'zh-CN', new Map([['layers[3].electrical.tauNS', 'MAPbI3 › 电子寿命 τn']]))).toEqual([
      { at: { kind: 'free', index: 0, field: 'tie' }, text: '「MAPbI3 › 电子寿命 τn」不是自由参数，不能绑定到它' },
    ]);
  });
  it('reads plain lines when the answer has no worded problems', () => {
    expect(serverIssues({ field: 'job', errors: ['job.curves[2].weight: too heavy', 'something else'] }, 'en')).toEqual(
      [
        { at: { kind: 'curve', index: 2, field: 'weight' }, text: 'too heavy' },
        { at: { kind: 'general' }, text: 'something else' },
      ],
    );
  });
  it('names the longest path first', () => {
    const labels = new Map([
      ['a.b', 'short'],
      ['a.bc', 'long'],
    ]);
    expect(withLabels('a.bc and a.b', labels)).toBe('long and short');
  });
});

describe('duplicate and edit', () => {
  it('gives the form back from a stored job', () => {
    const job = {
      device,
      curves: [
        {
          kind: 'jv',
          label: 'dark',
          intensitySuns: 0,
          voltageV: [0, 0.1, 0.2, 0.3, 0.4, 0.5],
          jMaCm2: [0, -1e-6, -1e-5, -1e-4, -1e-3, -1e-2],
          noiseRel: 0.03,
        },
      ],
      free: [
        { path: 'layers[3].electrical.tauNS', min: 1e-9 },
        { path: 'layers[3].electrical.tauPS', tie: 'layers[3].electrical.tauNS' },
      ],
      options: { maxEvaluations: 100 },
    };
    const f = formFromJob(job);
    expect(f.device).toBe(device);
    expect(f.curves[0]).toMatchObject({ label: 'dark', suns: '0', noise: 'rel', noiseRel: '0.03', points: '6' });
    // both noise levels, as a dark curve above a meter's floor gives them
    const both = formFromJob({ ...job, curves: [{ ...job.curves[0], noiseMaCm2: 1e-6 }] }).curves[0];
    expect(both).toMatchObject({ noise: 'both', noiseAbs: '1e-6', noiseRel: '0.03' });
    expect(f.curves[0]?.choice.sign).toBe('as-is');
    expect(f.free).toEqual([
      { path: 'layers[3].electrical.tauNS', min: '1e-9', max: '0.1', scale: 'log', tie: '' },
      { path: 'layers[3].electrical.tauPS', min: '1e-13', max: '0.1', scale: 'log', tie: 'layers[3].electrical.tauNS' },
    ]);
    expect(f.budget).toEqual({ evaluations: '100', seconds: String(DEVICE_FIT_DEFAULT_SECONDS) });
  });
});

describe('the fit’s progress line and the correlation map', () => {
  it('tells the server’s progress line in Chinese', () => {
    expect(progressText('fit: least squares, 12/600 runs, chi2 1.234e+3', t)).toBe(
      '拟合：局部拟合（Levenberg-Marquardt），已计算 12 / 600 次，χ² = 1.234e+3',
    );
    expect(progressText('fit: starting', t)).toBe('拟合：准备中');
  });

  it('labels a matrix of named cells by their names, in the tooltip axes and the CSV', () => {
    const p = {
      title: 'r',
      x: { label: 'p', unit: '' },
      y: { label: 'p', unit: '' },
      z: { label: 'r', unit: '', min: -1, max: 1 },
      xs: [0, 1],
      ys: [0, 1],
      values: [
        [1, -0.5],
        [-0.5, 1],
      ],
      xNames: ['τn', 'μn'],
      yNames: ['τn', 'μn'],
      spanCells: true,
    };
    // biome-ignore lint/suspicious/noExplicitAny: the loose echarts option
    const o = buildHeatmapOption(p) as Record<string, any>;
    expect(o.xAxis.axisLabel.formatter(1)).toBe('μn');
    expect(o.xAxis.axisLabel.formatter(0.5)).toBe('');
    expect(o.visualMap.min).toBe(-1);
    expect(o.visualMap.max).toBe(1);
    expect(buildHeatmapCsv(p).split('\r\n').slice(0, 3)).toEqual(['p,p,r', 'τn,τn,1', 'μn,τn,-0.5']);
  });
});
