import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';

/**
 * The perovskite parameter pack of the help page (spec §1, §7: "a downloadable perovskite
 * parameter pack"): the cited material files a perovskite device needs — lead and lead-free
 * absorbers, electron and hole transport layers, electrodes — as they are seeded into the material
 * library, plus one flat CSV (material, parameter, value, unit, reference) for spreadsheets and a
 * README. Built from assets/materials at first request, so it can never disagree with the library.
 */

const PACK_FILES = [
  'lead_perovskite.json',
  'lead_free_perovskite.json',
  'electron.json',
  'hole.json',
  'electrode.json',
];

/** Unit of each electrical field, as the field names say (docs/api/library.md). */
const UNITS: Record<string, string> = {
  epsR: '-',
  chiEV: 'eV',
  egEV: 'eV',
  ncCm3: 'cm^-3',
  nvCm3: 'cm^-3',
  muNCm2PerVs: 'cm^2/(V s)',
  muPCm2PerVs: 'cm^2/(V s)',
  ndCm3: 'cm^-3',
  naCm3: 'cm^-3',
  tauNS: 's',
  tauPS: 's',
  kRadCm3PerS: 'cm^3/s',
  cnCm6PerS: 'cm^6/s',
  cpCm6PerS: 'cm^6/s',
  workFunctionEV: 'eV',
  'ions.densityCm3': 'cm^-3',
  'ions.diffusionCm2PerS': 'cm^2/s',
  'ions.activationEnergyEV': 'eV',
  // the charge of the mobile species, in units of the elementary charge
  'ions.sign': 'q',
  'ions.referenceTemperatureK': 'K',
  'exciton.diffusionLengthNm': 'nm',
  'exciton.lifetimeS': 's',
  'exciton.bindingEnergyEV': 'eV',
  langevinPrefactor: '-',
  'ctDissociation.separationNm': 'nm',
  'ctDissociation.decayRatePerS': '1/s',
  'excitonDiffusion.diffusionLengthNm': 'nm',
  'excitonDiffusion.lifetimeS': 's',
  btbtACm3PerS: 'cm^-3 s^-1',
  btbtBVPerCm: 'V/cm',
  btbtP: '-',
  tatMassRel: 'm0',
  'tunnelOxide.barrierElectronEV': 'eV',
  'tunnelOxide.barrierHoleEV': 'eV',
  'tunnelOxide.massElectronRel': 'm0',
  'tunnelOxide.massHoleRel': 'm0',
  'tunnelOxide.thicknessNm': 'nm',
};

interface PackMaterial {
  key: string;
  name: string;
  category: string;
  electrical?: Record<string, unknown>;
  sources?: Record<string, string>;
  references?: Record<string, string>;
}

/** RFC 4180 field. */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Every numeric electrical value of a material, nested ion and exciton fields flattened with a dot. */
function flatValues(e: Record<string, unknown> = {}): [string, number][] {
  const out: [string, number][] = [];
  for (const [k, v] of Object.entries(e)) {
    if (typeof v === 'number') out.push([k, v]);
    else if (v && typeof v === 'object')
      for (const [k2, v2] of Object.entries(v as Record<string, unknown>))
        if (typeof v2 === 'number') out.push([`${k}.${k2}`, v2]);
  }
  return out;
}

export function parameterRows(materials: PackMaterial[]): string {
  const lines = ['material_key,material,category,parameter,value,unit,reference'];
  for (const m of materials) {
    for (const [field, value] of flatValues(m.electrical)) {
      const refKey = m.sources?.[field];
      const ref = refKey ? (m.references?.[refKey] ?? '') : '';
      lines.push(
        [m.key, m.name, m.category, field, String(value), UNITS[field] ?? '', ref].map((f) => csvField(f)).join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

function readme(counts: [string, number][]): string {
  return [
    '# PVForge perovskite parameter pack',
    '',
    'Cited optical and electrical parameters for perovskite solar-cell simulation, exactly as seeded',
    'into the PVForge material library (source: assets/materials in the PVForge repository).',
    '',
    'Files:',
    ...counts.map(([f, n]) => `- ${f}: ${n} materials`),
    '- perovskite-parameters.csv: one row per value: material, parameter, value, unit, reference',
    '',
    'Every value names its reference (`sources` maps a field to a key of `references`). Field names',
    'carry their units: eV, cm^-3, cm^2/(V s), s, cm^3/s, cm^6/s. `optical` names an n,k table of the',
    'PVForge library (assets/data/nk, with SOURCES.md) or a dispersion model.',
    '',
    'Values are typical literature sets for device modelling, not measurements of your samples:',
    'check them against your own material before drawing conclusions.',
    '',
  ].join('\n');
}

/** The zip, built once from a materials folder. */
export function buildPerovskitePack(materialsDir: string, mtime = new Date('2026-01-01T00:00:00Z')): Buffer {
  const present = new Set(readdirSync(materialsDir));
  const files: Record<string, Uint8Array> = {};
  const counts: [string, number][] = [];
  const all: PackMaterial[] = [];
  for (const f of PACK_FILES) {
    if (!present.has(f)) continue;
    const text = readFileSync(join(materialsDir, f), 'utf8');
    const list = JSON.parse(text) as PackMaterial[];
    files[f] = strToU8(text);
    counts.push([f, list.length]);
    all.push(...list);
  }
  if (all.length === 0) throw new Error(`no perovskite pack material files in ${materialsDir}`);
  files['perovskite-parameters.csv'] = strToU8(`\uFEFF${parameterRows(all)}`);
  files['README.md'] = strToU8(readme(counts));
  return Buffer.from(zipSync(files, { level: 6, mtime }));
}
