import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElectricalDeviceSpecLike } from '../../src/device/types.js';
import type { DeviceOpticsAssets } from '../../src/optics/device.js';
import { BUILTIN_SPECTRA } from '../../src/spectra/index.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const readAsset = (rel: string) => readFileSync(join(repoRoot, 'assets', rel), 'utf8');

/** The assets interface the CLI provides, from the repository's files. */
export const assets: DeviceOpticsAssets = {
  nkCsv: (id) => readAsset(`data/nk/${id}.csv`),
  spectrumCsv: (id) => readAsset(BUILTIN_SPECTRA[id]!),
};

export const FIXTURE = join(repoRoot, 'packages/engine/test/device/fixtures/perovskite-pin-electrical.device.json');

/** A fresh copy of the example electrical DeviceSpec (plain JSON, mutable). */
// biome-ignore lint/suspicious/noExplicitAny: tests mutate the JSON freely, including into invalid shapes
export function fixture(): any {
  return JSON.parse(readFileSync(FIXTURE, 'utf8'));
}

/**
 * The fixture made an ideal extractor: high mobilities, no bulk recombination, contacts blocking
 * for the wrong carrier (electrons cannot leave at the anode, holes at the cathode). Every
 * generated pair is then collected at short circuit.
 */
export function perfectExtraction(): ElectricalDeviceSpecLike {
  const d = fixture();
  for (const l of d.layers) {
    if (!l.electrical) continue;
    const e = l.electrical;
    e.muNCm2PerVs = 10;
    e.muPCm2PerVs = 10;
    delete e.tauNS;
    delete e.tauPS;
    e.kRadCm3PerS = 0;
  }
  d.electrical.contacts.front.sNCmPerS = 0;
  d.electrical.contacts.back.sPCmPerS = 0;
  d.electrical.voltageSweep = { startV: 0, stopV: 0.2, stepV: 0.1 };
  d.electrical.extendToVoc = false;
  delete d.electrical.eqe;
  return d;
}
