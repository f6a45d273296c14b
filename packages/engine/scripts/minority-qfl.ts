/**
 * Issue 19: at the maximum-power point of the library device ITO / PTAA / MAPbI3 / C60 / Ag with
 * doped transport layers, the electron quasi-Fermi level in PTAA sits about 0.35 eV under PTAA's
 * conduction band (about -2.5 eV on the band diagram). This script runs that device
 * (test/device/fixtures/library-pin-doped.device.json) and prints, at 0 V, the maximum-power point
 * and Voc, for PTAA and C60: generation, recombination, band edges, both quasi-Fermi levels, the
 * densities and the current each carrier carries. docs/physics/drift-diffusion.md ("Quasi-Fermi
 * level of the minority carrier in a transport layer") gives the reading; the test
 * test/device/minority-qfl.test.ts checks it.
 *
 *   npx tsx packages/engine/scripts/minority-qfl.ts [--wf] [--from <nm>]
 *
 * --wf: work-function contacts (5.2 / 4.05 eV) instead of ohmic ones; --from 450: the wavelength
 * grid starts at 450 nm, so PTAA absorbs (and generates) much less.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDeviceSimulation } from '../src/device/simulate.js';
import type { ElectricalDeviceSpecLike } from '../src/device/types.js';
import { BUILTIN_SPECTRA } from '../src/spectra/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const asset = (rel: string) => readFileSync(join(root, 'assets', rel), 'utf8');
const assets = {
  nkCsv: (id: string) => asset(`data/nk/${id}.csv`),
  spectrumCsv: (id: string) => asset(BUILTIN_SPECTRA[id]!),
};

const args = process.argv.slice(2);
const spec = JSON.parse(
  readFileSync(join(root, 'packages/engine/test/device/fixtures/library-pin-doped.device.json'), 'utf8'),
);
if (args.includes('--wf'))
  spec.electrical.contacts = {
    front: { kind: 'schottky', workFunctionEV: 5.2 },
    back: { kind: 'schottky', workFunctionEV: 4.05 },
    anode: 'front',
  };
const from = args.indexOf('--from');
if (from >= 0) spec.illumination.wavelength.startNm = Number(args[from + 1]);

const res = runDeviceSimulation(spec as ElectricalDeviceSpecLike, assets, { profilePoints: 101 });
const light = res.light!;
const f = light.figures;
const e = (v: number) => v.toExponential(2);
console.log(
  `${args.includes('--wf') ? 'work-function' : 'ohmic'} contacts, light from ${spec.illumination.wavelength.startNm} nm: ` +
    `Jsc ${f?.Jsc_mA_cm2.toFixed(2)} mA/cm2, Voc ${f?.Voc_V.toFixed(3)} V, FF ${((f?.FF ?? 0) * 100).toFixed(1)} %, PCE ${f?.PCE_percent.toFixed(2)} %`,
);
// Layer bounds along x (nm) from the stack: the electrical domain starts at PTAA.
const layers = [
  ['PTAA', 0, 20],
  ['C60', 520, 550],
] as const;
for (const p of light.profiles) {
  console.log(`\n${p.label}: V = ${p.V.toFixed(3)} V, J = ${p.J_mA_cm2.toFixed(2)} mA/cm2`);
  for (const [name, lo, hi] of layers) {
    const idx = p.x_nm.map((x, i) => (x > lo && x < hi ? i : -1)).filter((i) => i >= 0);
    const i = idx[Math.floor(idx.length / 2)]!;
    const gaps = idx.map((k) => p.Ec_eV[k]! - p.EFn_eV[k]!);
    console.log(
      `  ${name} at ${p.x_nm[i]!.toFixed(1)} nm: G ${e(p.G_cm3_s[i]!)}, R_rad ${e(p.R_rad_cm3_s[i]!)}, R_SRH ${e(p.R_srh_cm3_s[i]!)} cm-3 s-1; ` +
        `Ec ${p.Ec_eV[i]!.toFixed(3)}, EFn ${p.EFn_eV[i]!.toFixed(3)}, EFp ${p.EFp_eV[i]!.toFixed(3)}, Ev ${p.Ev_eV[i]!.toFixed(3)} eV; ` +
        `n ${e(p.n_cm3[i]!)}, p ${e(p.p_cm3[i]!)} cm-3; Jn ${p.Jn_mA_cm2[i]!.toFixed(4)}, Jp ${p.Jp_mA_cm2[i]!.toFixed(4)} mA/cm2`,
    );
    console.log(
      `    across the layer: Ec - EFn ${Math.min(...gaps).toFixed(3)}..${Math.max(...gaps).toFixed(3)} eV, ` +
        `n ${e(Math.min(...idx.map((k) => p.n_cm3[k]!)))}..${e(Math.max(...idx.map((k) => p.n_cm3[k]!)))} cm-3`,
    );
  }
}
