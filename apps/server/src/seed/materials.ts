import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkMaterialInput, type MaterialCategory, type MaterialInput } from '@pvforge/contracts';
import { MATERIAL_NAMES_ZH } from '../db/migrations-material-chinese-names.js';
import { assetsDir } from '../jobs/assets.js';
import type { Services } from '../services/container.js';

/**
 * The public material library of a new platform, seeded idempotently by `key` on every start:
 * a material whose key exists is left alone (an administrator's edits survive restarts, a deleted
 * one is not brought back while another row holds its key; a new file entry is added on the next
 * start).
 *
 * 1. assets/materials/*.json: arrays of {key, name, nameEn?, formula?, category, optical,
 *    electrical, sources, references, notes?}, each checked with the contracts' checkMaterialInput;
 *    a broken entry stops the start loudly rather than shipping a half library.
 * 2. Every n,k table of assets/data/nk/index.json that no materials file covers (by key or by an
 *    optical {kind:'table', materialId}) becomes a material with that table as its optics, the
 *    index's citation as the `optical` source and no electrical parameters, so every shipped table
 *    can be picked from the library. Categories map from the index's:
 *      absorber_organic -> organic, absorber_tetrahedral -> tetrahedral,
 *      absorber_lead_perovskite -> lead_perovskite, absorber_lead_free_perovskite ->
 *      lead_free_perovskite, electron -> electron, hole -> hole;
 *      electrode: by the electrode's usual job in the devices the library serves: high work
 *      function contacts that collect holes (Au on spiro-OMeTAD, ITO under PEDOT:PSS or PTAA) ->
 *      electrode_positive; low work function metals and the front TCOs of n-i-p / superstrate
 *      cells that collect electrons (Ag, Al, Cu after BCP or LiF; FTO under TiO2 or SnO2; AZO on
 *      ZnO/CdS) -> electrode_negative. An administrator can move one if a device uses it the other way.
 *    Substrates and dielectrics (glass, fused silica, SiO2, SiNx, Al2O3, MgF2) are skipped: none of
 *    the library's eight categories (spec §2 menu) is theirs; a DeviceSpec still uses their tables
 *    directly as {kind:'table', materialId}.
 */

const INDEX_CATEGORY: Record<string, MaterialCategory> = {
  absorber_organic: 'organic',
  absorber_tetrahedral: 'tetrahedral',
  absorber_lead_perovskite: 'lead_perovskite',
  absorber_lead_free_perovskite: 'lead_free_perovskite',
  electron: 'electron',
  hole: 'hole',
};
const POSITIVE_ELECTRODES = new Set(['au', 'ito']);
const NEGATIVE_ELECTRODES = new Set(['ag', 'al', 'cu', 'fto', 'azo']);

interface NkIndexEntry {
  id: string;
  name: string;
  category: string;
  wl_min_nm?: number;
  wl_max_nm?: number;
  points?: number;
  citation?: string;
  caution?: string | null;
  licence?: string;
}

/** The library category of a shipped table, or undefined for the ones the library skips. */
export function categoryOfTable(e: Pick<NkIndexEntry, 'id' | 'category'>): MaterialCategory | undefined {
  if (e.category === 'electrode') {
    if (POSITIVE_ELECTRODES.has(e.id)) return 'electrode_positive';
    if (NEGATIVE_ELECTRODES.has(e.id)) return 'electrode_negative';
    return undefined;
  }
  return INDEX_CATEGORY[e.category];
}

/** A material for a shipped n,k table. */
export function materialOfTable(e: NkIndexEntry, category: MaterialCategory): MaterialInput {
  const range =
    e.wl_min_nm !== undefined && e.wl_max_nm !== undefined
      ? `n,k table ${e.wl_min_nm}-${e.wl_max_nm} nm${e.points ? `, ${e.points} points` : ''}.`
      : 'n,k table.';
  const notes = [range, e.caution ?? '', e.licence ? `Licence: ${e.licence}.` : ''].filter(Boolean).join(' ');
  const citation = (e.citation ?? '').trim() || 'assets/data/nk/SOURCES.md';
  const refKey = `nk:${e.id}`.slice(0, 64);
  return {
    key: e.id,
    name: e.name.slice(0, 100),
    category,
    optical: { kind: 'table', materialId: e.id },
    electrical: {},
    sources: { optical: refKey },
    references: { [refKey]: citation.slice(0, 2000) },
    notes: notes.slice(0, 2000),
  };
}

/** The entries of assets/materials/*.json, checked; throws naming the file and entry. */
export function readMaterialFiles(dir: string, knownTables: ReadonlySet<string>): MaterialInput[] {
  if (!existsSync(dir)) return [];
  const out: MaterialInput[] = [];
  const seen = new Set<string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (!Array.isArray(raw)) throw new Error(`materials file ${file} must hold an array of materials`);
    raw.forEach((entry: unknown, i) => {
      const checked = checkMaterialInput(entry, { knownTables });
      const label = `${file}[${i}]${typeof (entry as { key?: unknown })?.key === 'string' ? ` "${(entry as { key: string }).key}"` : ''}`;
      if (!checked.ok)
        throw new Error(`material ${label} is invalid: ${checked.problems.map((p) => p.msg.en).join('; ')}`);
      const key = checked.material.key;
      if (!key) throw new Error(`material ${label} has no key (seeded materials are found by key)`);
      if (seen.has(key)) throw new Error(`material ${label}: key "${key}" appears twice`);
      seen.add(key);
      out.push(checked.material);
    });
  }
  return out;
}

export interface SeedMaterialsOptions {
  /** The assets folder (n,k index); default the repository's. */
  root?: string;
  /** The materials files' folder; default <root>/materials. */
  materialsDir?: string;
}

/** Seeds the public library; answers the keys it added. */
export async function seedMaterials(s: Services, opts: SeedMaterialsOptions = {}): Promise<string[]> {
  const root = opts.root ?? assetsDir();
  const index = JSON.parse(readFileSync(join(root, 'data/nk/index.json'), 'utf8')) as { materials: NkIndexEntry[] };
  const knownTables = new Set(index.materials.map((m) => m.id));
  const fromFiles = readMaterialFiles(opts.materialsDir ?? join(root, 'materials'), knownTables);

  const covered = new Set<string>();
  for (const m of fromFiles) {
    if (m.key) covered.add(m.key);
    if (m.optical.kind === 'table') covered.add(m.optical.materialId);
  }
  const fromTables: MaterialInput[] = [];
  for (const e of index.materials) {
    if (covered.has(e.id)) continue;
    const category = categoryOfTable(e);
    if (!category) continue;
    const m = materialOfTable(e, category);
    const checked = checkMaterialInput(m, { knownTables });
    if (!checked.ok) throw new Error(`n,k table ${e.id}: ${checked.problems.map((p) => p.msg.en).join('; ')}`);
    fromTables.push(checked.material);
  }

  const existing = await s.materials.keys();
  const added: string[] = [];
  for (const m of [...fromFiles, ...fromTables]) {
    if (!m.key || existing.has(m.key)) continue;
    try {
      await s.materials.insert({
        key: m.key,
        name: m.name,
        name_en: m.nameEn ?? null,
        name_zh: MATERIAL_NAMES_ZH[m.key] ?? null,
        formula: m.formula ?? null,
        category: m.category,
        optical: JSON.stringify(m.optical),
        electrical: JSON.stringify(m.electrical),
        sources: JSON.stringify(m.sources),
        refs: JSON.stringify(m.references),
        notes: m.notes ?? null,
        owner_id: null,
        status: 'public',
      });
    } catch (err) {
      // Another instance starting at the same time seeded this key first: that row is the one.
      if (await s.materials.getByKey(m.key)) continue;
      throw err;
    }
    existing.add(m.key);
    added.push(m.key);
  }
  return added;
}
