import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDeviceSpec } from '@pvforge/contracts';
import { assetsDir } from '../jobs/assets.js';
import type { Services } from '../services/container.js';

/**
 * Demo content of a new platform: worked example devices in the public device library, so a new user
 * can open a real device instead of starting from an empty form. The DeviceSpecs ship in
 * assets/devices; each is checked before it is stored, so a broken file stops the start loudly.
 */
export const DEMO_DEVICES = [
  {
    file: 'perovskite-pin-optical.device.json',
    kind: 'opt',
    citation: 'Optical constants from the material library (assets/data/nk/SOURCES.md lists the source of each table).',
  },
  {
    file: 'perovskite-pin-electrical.device.json',
    kind: 'elec',
    citation:
      'Electrical parameters: the default p-i-n perovskite device of SIMsalabim (Koster et al., SIMsalabim: an open-source drift-diffusion simulator for semiconductor devices, J. Open Source Softw. 2022); optical constants from assets/data/nk/SOURCES.md.',
  },
] as const;

/** A 32-character device ID (spec §1). */
export function newDeviceId(): string {
  return randomBytes(16).toString('hex');
}

export async function seedDemoDevices(s: Services, ownerId: number, now: number, root = assetsDir()): Promise<void> {
  if ((await s.devices.countPublic()) > 0) return;
  for (const d of DEMO_DEVICES) {
    const raw: unknown = JSON.parse(readFileSync(join(root, 'devices', d.file), 'utf8'));
    const checked = checkDeviceSpec(raw);
    if (!checked.ok) throw new Error(`demo device ${d.file} is not a valid DeviceSpec: ${checked.errors.join('; ')}`);
    await s.devices.insert({
      id: newDeviceId(),
      user_id: ownerId,
      kind: d.kind,
      is_public: 1,
      name: checked.spec.name.slice(0, 100),
      created_at: now,
      spec: JSON.stringify(checked.spec),
      description: checked.spec.description ?? null,
      citation: d.citation,
    });
  }
}
