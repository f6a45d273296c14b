import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDeviceSpec, deviceFileParts } from '@pvforge/contracts';
import { exampleTextsOf } from '../db/migrations-example-languages.js';
import { doisInText } from '../db/migrations-example-references.js';
import { SettingsRepository } from '../db/repositories/library.js';
import { assetsDir } from '../jobs/assets.js';
import type { Services } from '../services/container.js';

/**
 * Demo content of a new platform: worked example devices in the public device library, so a new user
 * can open a real device instead of starting from an empty form. The DeviceSpecs ship in
 * assets/devices (every *.device.json there is seeded); each is checked before it is stored, so a
 * broken file stops the start loudly. The table below gives the citations of the example devices
 * of the demo and of the mobile-ion example; other files carry theirs in their description or a
 * top-level `citation` field.
 */
export const DEMO_DEVICES = [
  {
    file: 'perovskite-pin-optical.device.json',
    kind: 'opt',
    citation: "Optical constants from the material library (each material's page names the source of its table).",
  },
  {
    file: 'perovskite-pin-electrical.device.json',
    kind: 'elec',
    citation:
      "Electrical parameters: the default p-i-n perovskite device of SIMsalabim (Koster et al., SIMsalabim: an open-source drift-diffusion simulator for semiconductor devices, J. Open Source Softw. 2022); optical constants from the material library (each material's page names the source of its table).",
  },
  {
    file: 'perovskite-pin-ions-electrical.device.json',
    kind: 'elec',
    citation:
      "Device and electrical parameters: the default p-i-n perovskite device of SIMsalabim (M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022), https://doi.org/10.21105/joss.03727). Iodide-vacancy density: N. E. Courtier, J. M. Cave, J. M. Foster, A. B. Walker, G. Richardson, How transport layer properties affect perovskite solar cell performance: insights from a coupled charge transport/ion migration model, Energy Environ. Sci. 12, 396-409 (2019), https://doi.org/10.1039/C8EE01576G (IonMonger default set). Activation energy and order of magnitude of the diffusion coefficient: C. Eames, J. M. Frost, P. R. F. Barnes, B. C. O'Regan, A. Walsh, M. S. Islam, Ionic transport in hybrid lead iodide perovskite solar cells, Nat. Commun. 6, 7497 (2015), https://doi.org/10.1038/ncomms8497. Hysteresis index as defined by H. J. Snaith et al., J. Phys. Chem. Lett. 5, 1511-1515 (2014). Optical constants from the material library (each material's page names the source of its table).",
  },
] as const;

/** A 32-character device ID (spec §1). */
export function newDeviceId(): string {
  return randomBytes(16).toString('hex');
}

/** Settings key that records a seeded file, so a device an administrator removed is not seeded again. */
function seededKey(file: string): string {
  return `seed:device:${createHash('sha256').update(file).digest('hex').slice(0, 32)}`;
}

/** A device file of assets/devices (contracts device-file.ts: a DeviceSpec with a top-level `citation`, or an entry). */
export function readDeviceFile(path: string): { spec: unknown; citation?: string } {
  const { spec, citation } = deviceFileParts(JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')));
  return { spec, ...(citation ? { citation } : {}) };
}

/**
 * Seeds every assets/devices/*.device.json into the public library, each once: a file is recorded in
 * the settings when seeded, so new files are added on the next start and removed devices stay
 * removed. A public device of the same name (seeded before files were recorded) counts as seeded.
 */
function referencesInDescription(description: string | undefined): string | null {
  const dois = doisInText(description ?? '');
  return dois.length ? JSON.stringify(dois) : null;
}

export async function seedDemoDevices(s: Services, ownerId: number, now: number, root = assetsDir()): Promise<void> {
  const dir = join(root, 'devices');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.device.json'))
    .sort();
  const settings = new SettingsRepository(s.db.kysely);
  const existing = await s.devices.publicNames();
  for (const file of files) {
    const key = seededKey(file);
    if ((await settings.get(key)) !== undefined) continue;
    const { spec, citation } = readDeviceFile(join(dir, file));
    const checked = checkDeviceSpec(spec);
    if (!checked.ok) throw new Error(`demo device ${file} is not a valid DeviceSpec: ${checked.errors.join('; ')}`);
    // A shipped example has its name and description in each language (migration 0035); the
    // stored spec carries the English ones, as 0035 leaves an example seeded before it.
    const texts = exampleTextsOf(file);
    const stored = texts ? { ...checked.spec, name: texts.nameEn, description: texts.descriptionEn } : checked.spec;
    const name = stored.name.slice(0, 100);
    if (!existing.has(name)) {
      const known = DEMO_DEVICES.find((d) => d.file === file);
      await s.devices.insert({
        id: newDeviceId(),
        user_id: ownerId,
        kind: checked.spec.electrical ? 'elec' : 'opt',
        is_public: 1,
        status: 'public',
        name,
        created_at: now,
        spec: JSON.stringify(stored),
        description: stored.description ?? null,
        name_zh: texts?.nameZh ?? null,
        name_en: texts?.nameEn ?? null,
        description_zh: texts?.descriptionZh ?? null,
        description_en: texts?.descriptionEn ?? null,
        // Files without a citation of their own name their sources in the description; the DOIs it
        // cites are the device's references (linked in the library, kept by a copy).
        citation: citation ?? known?.citation ?? stored.description ?? null,
        reference_dois: referencesInDescription(checked.spec.description),
      });
      existing.add(name);
    }
    await settings.set(key, String(now));
  }
}
