import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDeviceSimulation } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { assets } from '../../../engine/test/device/helpers.js';
import type { SourceFile } from '../../src/report.js';
import { importSimsalabim, readSimsalabimCurves, SIMSALABIM_MESSAGES } from '../../src/simsalabim/index.js';
import { expectWithinBenchmark } from './benchmark.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/simsalabim/4.56');
const read = (): SourceFile[] =>
  readdirSync(DIR)
    .filter((f) => f.endsWith('.txt'))
    .map((name) => ({ name, text: readFileSync(join(DIR, name), 'utf8') }));

describe('SIMsalabim 4.56 default device (one device_parameters.txt)', () => {
  it('imports through the 5.x mapping with every line of the file in the report', () => {
    const files = read();
    const out = importSimsalabim(files);
    if (!out.ok) throw new Error(out.error.text);
    expect(out.report.version).toBe('4.56');
    const text = files.find((f) => f.name === 'device_parameters.txt')!.text.split(/\r?\n/);
    const lines = text.flatMap((l, i) => (/^\s*[A-Za-z_]\w*\s*=/.test(l) ? [i + 1] : []));
    const seen = new Set(
      out.report.items.filter((it) => it.source?.file === 'device_parameters.txt').map((it) => it.source!.line),
    );
    expect(lines.filter((l) => !seen.has(l))).toEqual([]);
    expect(out.report.items.filter((it) => it.message?.code === 'simsalabim.unknown-key')).toEqual([]);
    for (const it of out.report.items)
      if (it.message) expect(SIMSALABIM_MESSAGES[it.message.code], it.message.code).toBeDefined();
    // the three layers: PEDOT-like left TL 30 nm, active 300 - 30 - 30 nm, right TL 30 nm
    const el = out.device.layers.filter((l) => l.electrical);
    expect(el.map((l) => [l.name, l.thicknessNm])).toEqual([
      ['left TL', 30],
      ['active layer', 240],
      ['right TL', 30],
    ]);
    const active = el[1]!.electrical!;
    expect(active.chiEV).toBe(3);
    expect(active.egEV).toBe(2);
    expect(active.muNCm2PerVs).toBe(1);
    expect(active.langevinPrefactor).toBe(1);
    // Bulk_tr 4.42e20 m^-3 at ETrapSingle = 4.0 eV (1 eV below CB), acceptor
    expect(active.defects![0]).toMatchObject({ type: 'acceptor', densityCm3: 4.42e14, energyEV: 1 });
    // mob_RTL 1.5e-8 m^2/Vs for both carriers of the right TL
    expect(el[2]!.electrical!.muPCm2PerVs).toBeCloseTo(1.5e-4, 12);
    expect(out.device.electrical!.contacts.anode).toBe('back');
    const src = out.report.items.find((it) => it.path?.endsWith('.electrical.muNCm2PerVs') && it.name === 'mun_0')!;
    expect(src.source).toEqual({ file: 'device_parameters.txt', line: 28 });
  });

  it("gives SimSS 4.56's own J-V within the benchmark tolerances (TLsGen = 0: the transport layers make no carriers)", () => {
    const out = importSimsalabim(read());
    if (!out.ok) throw new Error(out.error.text);
    const el = out.device.layers.filter((l) => l.electrical);
    expect(el.map((l) => l.electrical!.generatesCarriers)).toEqual([false, undefined, false]);
    const res = runDeviceSimulation(out.device as never, assets);
    // SimSS 4.56 on the shipped file with NP = 1000 and Vstep = 0.02 V (fixtures' README)
    const name = 'JV-simss-4.56-default-NP1000.dat';
    const ref = readSimsalabimCurves({ name, text: readFileSync(join(DIR, name), 'utf8') })[0]!;
    expectWithinBenchmark(res, ref);
  });

  it('a 4.x file without a key it needs names the file and the key', () => {
    const files = read().map((f) =>
      f.name === 'device_parameters.txt' ? { ...f, text: f.text.replace(/^mun_0 = .*$/m, '') } : f,
    );
    const out = importSimsalabim(files);
    expect(out.ok).toBe(false);
    if (!out.ok)
      expect(out.error).toMatchObject({
        code: 'simsalabim.missing-key',
        params: { file: 'device_parameters.txt', key: 'mun_0' },
      });
  });
});
