/**
 * Makes the worked example of docs/physics/fitting.md: SimSS 5.36's J-V curves of its shipped
 * device (packages/interop/test/fixtures/simsalabim/5.36, made with SimSS itself; README there) with
 * seeded Gaussian noise, the device as PVForge imports it with three values set wrong, and the
 * CURVES.json and FREE.json of `pvforge fit-device`.
 *
 *   node --conditions=@pvforge/source --import tsx docs/physics/fitting-example/make-example.ts
 *   npx biome format --write docs/physics/fitting-example
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importDeviceFiles, readForeignCurves } from '@pvforge/interop';
import { Prng } from '../../../packages/engine/src/circuit/prng.js';

const here = dirname(fileURLToPath(import.meta.url));
const fix = join(here, '../../../packages/interop/test/fixtures/simsalabim/5.36');
const files = readdirSync(fix)
  .filter((f) => !/^JV/.test(f) && f !== 'README.md')
  .map((name) => ({ name, text: readFileSync(join(fix, name), 'utf8') }));
const imported = importDeviceFiles(files);
if (!imported.ok) throw new Error('the SimSS files did not import');
const device = imported.device as { name: string; layers: { electrical?: Record<string, unknown> }[] };
// the start: every free value wrong by a factor of 3 to 10 (the absorber's mobility, trap density, k_rad)
const l2 = device.layers[3]!.electrical! as {
  muNCm2PerVs: number;
  muPCm2PerVs: number;
  kRadCm3PerS: number;
  defects: { densityCm3: number }[];
};
l2.muNCm2PerVs = 0.1;
l2.muPCm2PerVs = 0.1;
l2.defects[0]!.densityCm3 = 1e15;
l2.kRadCm3PerS = 3e-11;
writeFileSync(join(here, 'start.device.json'), `${JSON.stringify(device, null, 2)}\n`);
const rng = new Prng(2026);
const curves = [
  { dat: 'JV-simss-default-NP1000.dat', out: 'light-1sun.csv', suns: 1 },
  { dat: 'JV-simss-default-NP1000-G0.3.dat', out: 'light-0.3sun.csv', suns: 0.3 },
  { dat: 'JV-simss-default-NP1000-G0.1.dat', out: 'light-0.1sun.csv', suns: 0.1 },
  { dat: 'JV-simss-default-NP1000-dark.dat', out: 'dark.csv', suns: 0 },
];
for (const c of curves) {
  const jv = readForeignCurves({ name: c.dat, text: readFileSync(join(fix, c.dat), 'utf8') }).curves[0]!;
  const dark = c.suns === 0;
  const rows = jv.x.map((v, i) => {
    const j = jv.y[i]!;
    return `${v},${dark ? j * (1 + 0.02 * rng.normal()) : j + 0.05 * rng.normal()}`;
  });
  writeFileSync(join(here, c.out), `V (V),J (mA/cm2)\n${rows.join('\n')}\n`);
}
writeFileSync(
  join(here, 'curves.json'),
  `${JSON.stringify(
    curves.map((c) => ({
      file: c.out,
      kind: 'jv',
      intensitySuns: c.suns,
      // the light curves' sigma: the added noise (0.05 mA/cm^2) and the agreement of the two
      // simulators in quadrature. At SimSS's values the two J-V differ by 0.025 mA/cm^2 rms and up
      // to 0.17 mA/cm^2 at high forward current, as the validation cases allow (0.1 mA/cm^2 +
      // 0.5 % of |J|): so 0.1 mA/cm^2 and 0.5 % of |J|, the cases' tolerance, are the model's share
      ...(c.suns === 0 ? { noiseRel: 0.02, noiseMaCm2: 1e-6 } : { noiseMaCm2: 0.1, noiseRel: 0.005 }),
    })),
    null,
    1,
  )}\n`,
);
writeFileSync(
  join(here, 'free.json'),
  `${JSON.stringify(
    [
      { path: 'layers[3].electrical.muNCm2PerVs', min: 1e-3, max: 100 },
      { path: 'layers[3].electrical.muPCm2PerVs', tie: 'layers[3].electrical.muNCm2PerVs' },
      { path: 'layers[3].electrical.defects[0].densityCm3', min: 1e12, max: 1e17 },
      { path: 'layers[3].electrical.kRadCm3PerS', min: 1e-12, max: 1e-9 },
    ],
    null,
    1,
  )}\n`,
);
