import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeText, importDeviceFiles, readForeignCurves } from '@pvforge/interop';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { overlaySeries } from '../src/components/interop/CurveOverlay';
import { exportBlob, sourceFiles, statusCounts } from '../src/components/interop/files';
import { en, zh } from '../src/i18n/parts/interop';
import { pceTitles, spectrumWindow } from '../src/pages/plat/results/pce-window';
import { readElectrical } from '../src/pages/plat/results/result-data';
import { readTandem } from '../src/pages/plat/results/tandem-data';

const fixtures = join(import.meta.dirname, '../../../packages/interop/test/fixtures');
const file = (name: string, bytes: Uint8Array | string) =>
  new File([typeof bytes === 'string' ? bytes : (bytes as BlobPart)], name);

/** i18next's interpolation, enough for these texts. */
const say = (part: Record<string, unknown>) => (k: string, o?: Record<string, unknown>) => {
  const words = { interop: part };
  const text = k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], words) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(o?.[v]));
};

describe('the browser edge of SCAPS and SIMsalabim files', () => {
  it('reads a file SCAPS saved in the Windows code page as text, and keeps binary bytes for the refusal', () => {
    expect(decodeText(strToU8('mu_n : 2.0 [cm²/Vs]'))).toBe('mu_n : 2.0 [cm²/Vs]');
    // 'µ' and '°' as Windows-1252 single bytes, not UTF-8
    expect(decodeText(new Uint8Array([0x62, 0xb5, 0x6d, 0x20, 0x32, 0x35, 0xb0]))).toBe('bµm 25°');
    const binary = decodeText(new Uint8Array([0x53, 0x0a, 0x00, 0x01, 0xff]));
    expect(binary).toContain('\u0000');
    const r = importDeviceFiles([{ name: 'x.def', text: binary }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.source).toEqual({ file: 'x.def', line: 2 });
  });

  it('unpacks a zipped SIMsalabim folder into its files by name and leaves macOS resource forks out', async () => {
    const dir = join(fixtures, 'simsalabim/5.36-uniform-G');
    const names = ['simulation_setup.txt', 'L1_parameters.txt', 'L2_parameters.txt', 'L3_parameters.txt'];
    const zip = zipSync({
      ...Object.fromEntries(names.map((n) => [`SimSS/${n}`, strToU8(readFileSync(join(dir, n), 'utf8'))])),
      '__MACOSX/SimSS/._simulation_setup.txt': new Uint8Array([0, 5, 22, 7]),
    });
    const files = await sourceFiles([file('SimSS.zip', zip)]);
    expect(files.map((f) => f.name).sort()).toEqual([...names].sort());
    const r = importDeviceFiles(files);
    expect(r.ok, r.ok ? '' : r.error.text).toBe(true);
    if (r.ok) expect(r.report.tool).toBe('simsalabim');
  });

  it('downloads one exported file as itself and several as one zip holding each', async () => {
    const one = await exportBlob([{ name: 'cell.def', text: 'a\r\nb' }], 'cell-scaps');
    expect(one.name).toBe('cell.def');
    expect(await one.blob.text()).toBe('a\r\nb');
    const two = await exportBlob(
      [
        { name: 'simulation_setup.txt', text: 'l1 = L1_parameters.txt' },
        { name: 'L1_parameters.txt', text: 'L = 3e-7' },
      ],
      'cell-simsalabim',
    );
    expect(two.name).toBe('cell-simsalabim.zip');
    const back = unzipSync(new Uint8Array(await two.blob.arrayBuffer()));
    expect(new TextDecoder().decode(back['L1_parameters.txt'])).toBe('L = 3e-7');
    expect(Object.keys(back).sort()).toEqual(['L1_parameters.txt', 'simulation_setup.txt']);
  });

  it('counts a report by outcome', () => {
    expect(
      statusCounts([
        { status: 'mapped', name: 'a' },
        { status: 'mapped', name: 'b' },
        { status: 'unused', name: 'c' },
        { status: 'approximated', name: 'd' },
      ]),
    ).toEqual({ mapped: 2, approximated: 1, refused: 0, unused: 1 });
  });

  it("overlays a SCAPS J-V output dashed, named by its file, and a C-f output in the plot's F/cm²", () => {
    const iv = readFileSync(join(fixtures, 'scaps/public/WPT-Lab124_1Sun.iv'), 'utf8');
    const { curves } = readForeignCurves({ name: 'WPT-Lab124_1Sun.iv', text: iv });
    const jv = overlaySeries(curves, 'jv');
    expect(jv.length).toBeGreaterThan(0);
    expect(jv[0]!.dashed).toBe(true);
    expect(jv[0]!.name).toContain('WPT-Lab124_1Sun');
    expect(overlaySeries(curves, 'qe')).toEqual([]);
    const cf = overlaySeries([{ tool: 'scaps', kind: 'cf', label: 'a.cf', x: [1e3], y: [25] }], 'cf', 1e-9);
    expect(cf[0]!.y[0]).toBeCloseTo(2.5e-8, 20);
  });

  it('labels both PCEs with the window from the input, and reads the window PCE only where the result has it', () => {
    const input = { illumination: { wavelength: { startNm: 300, endNm: 1200 } } };
    expect(spectrumWindow(input)).toEqual({ startNm: 300, endNm: 1200 });
    expect(spectrumWindow({ sweep: true, device: input })).toEqual({ startNm: 300, endNm: 1200 });
    expect(spectrumWindow({})).toBeUndefined();
    expect(pceTitles(say(zh), spectrumWindow(input))).toEqual({
      full: 'PCE（全光谱） (%)',
      window: 'PCE（300–1200 nm 窗口，同 SCAPS） (%)',
    });
    expect(pceTitles(say(en), spectrumWindow(input)).window).toBe('PCE (300–1200 nm window, as SCAPS) (%)');
    const figures = { Jsc_mA_cm2: 20, Voc_V: 1.1, FF: 0.8, PCE_percent: 17.6, Vmp_V: 0.95, Jmp_mA_cm2: 18.5 };
    const curve = { V: [0, 1.2], J_mA_cm2: [20, -5], converged: true };
    const now = readElectrical({
      light: { ...curve, figures: { ...figures, pceWindowPercent: 18.4 } },
      incidentPowerMwCm2: 100,
      incidentPowerWindowMwCm2: 95.6,
    });
    expect(now?.curves[0]?.figures?.pceWindowPercent).toBe(18.4);
    expect(now?.incidentPowerWindow).toBe(95.6);
    const old = readElectrical({ light: { ...curve, figures }, incidentPowerMwCm2: 100 });
    expect(old?.curves[0]?.figures?.pceWindowPercent).toBeUndefined();
    expect(old?.incidentPowerWindow).toBeUndefined();
  });

  it('reads a tandem figure window PCE when present', () => {
    const f = { Jsc_mA_cm2: 19, Voc_V: 1.9, FF: 0.8, PCE_percent: 28.9 };
    const sub = (subcell: string) => ({ subcell, jPhotoMaCm2: 19, converged: true, V: [0, 1], J_mA_cm2: [19, -1] });
    const base = {
      subcells: [sub('top'), sub('bottom')],
      mismatch: { jTopMinusBottomMaCm2: 0, relative: 0, limiting: 'top' },
    };
    const withWindow = readTandem({
      ...base,
      series: { V: [0, 2], J_mA_cm2: [19, -1], figures: { ...f, pceWindowPercent: 30.1 } },
    });
    const without = readTandem({ ...base, series: { V: [0, 2], J_mA_cm2: [19, -1], figures: f } });
    expect(withWindow?.series?.figures?.pceWindowPercent).toBe(30.1);
    expect(without?.series?.figures).toBeDefined();
    expect(without?.series?.figures?.pceWindowPercent).toBeUndefined();
  });
});
