import {
  materialToLayer as contractMaterialToLayer,
  type DeviceLayerSpec,
  LAYER_MATERIAL_FIELDS,
  type LayerElectricalSpec,
  type LayerRole,
  MATERIAL_CATEGORIES,
  type MaterialInput,
  type OpticalModelSpec,
  typicalThicknessOf,
} from '@pvforge/contracts';

/**
 * A material of the library or of the user's personal materials (docs/api/library.md), as far as
 * the editor reads it. Structural, so the editor does not depend on the materials helper's schema
 * file; `materialToLayer` is the same mapping the contract describes (a material becomes a layer's
 * optical model and electrical parameters).
 */
export interface MaterialLike {
  uuid: string;
  key?: string | null;
  name: string;
  nameEn?: string;
  nameZh?: string;
  formula?: string;
  category: string;
  optical?: OpticalModelSpec;
  electrical?: Record<string, unknown>;
  ownerId?: number | null;
}

/** The layer role a material category suggests. */
export function roleOfCategory(category: string): LayerRole {
  if (category.startsWith('absorber')) return 'absorber';
  if (category === 'dielectric') return 'arc';
  if (['organic', 'tetrahedral', 'lead_perovskite', 'lead_free_perovskite', 'perovskite'].includes(category))
    return 'absorber';
  if (category === 'electron') return 'etl';
  if (category === 'hole') return 'htl';
  if (category.startsWith('electrode')) return 'electrode';
  if (category === 'substrate') return 'substrate';
  return 'other';
}

/** The electrical parameters of a material as a layer's `electrical`, or undefined when it has none (electrodes, glass). */
export function layerElectricalOf(e: Record<string, unknown> | undefined): LayerElectricalSpec | undefined {
  if (!e) return undefined;
  const out: Record<string, number> = {};
  for (const f of LAYER_MATERIAL_FIELDS) {
    const v = e[f];
    if (typeof v === 'number' && Number.isFinite(v)) out[f] = v;
  }
  // Only a semiconductor with its band structure is an electrical layer; a stray value is not enough.
  return out.egEV !== undefined && out.chiEV !== undefined ? (out as LayerElectricalSpec) : undefined;
}

/**
 * Material -> layer fields: name, role from the category, the optical model as stored, the
 * drift-diffusion parameters (electrodes keep only their optics). Thickness and coherence are the
 * caller's (the layer being edited keeps its own).
 */
export function materialToLayer(m: MaterialLike): Pick<DeviceLayerSpec, 'name' | 'role' | 'optical' | 'electrical'> {
  const role = roleOfCategory(m.category);
  const electrical = role === 'electrode' ? undefined : layerElectricalOf(m.electrical);
  return {
    name: m.name,
    role,
    optical: m.optical ?? { kind: 'constant', n: 2, k: 0 },
    ...(electrical ? { electrical } : {}),
  };
}

/**
 * A layer of `thicknessNm` made of a material. Materials of the libraries (one of the eight
 * MATERIAL_CATEGORIES) go through the contracts' own materialToLayer, the mapping the materials
 * API publishes; the shipped n,k tables offered as a fallback source (their index categories, e.g.
 * "absorber_organic", "substrate") use the equivalent local mapping above.
 */
export function layerFromMaterial(m: MaterialLike, thicknessNm: number): DeviceLayerSpec {
  if ((MATERIAL_CATEGORIES as readonly string[]).includes(m.category) && m.optical) {
    return contractMaterialToLayer(
      m as unknown as Pick<MaterialInput, 'name' | 'category' | 'optical' | 'electrical'>,
      thicknessNm,
    );
  }
  return { ...materialToLayer(m), thicknessNm };
}

/** Thicker than this, a layer is incoherent: its fringes would be finer than any spectral grid (the editor warns at the same). */
const INCOHERENT_ABOVE_NM = 5000;

/**
 * The thickness and coherence a layer starts with when a material is picked for a blank layer:
 * the material's typical thickness in its role (contracts typical-thickness.ts), incoherent when it
 * is a thick substrate or wafer; `fallbackNm` (coherent) for a material the table does not know.
 */
export function startingThicknessOf(m: MaterialLike, fallbackNm: number): { thicknessNm: number; coherent: boolean } {
  const typical = typicalThicknessOf(m.key)?.typicalNm ?? fallbackNm;
  return { thicknessNm: typical, coherent: typical <= INCOHERENT_ABOVE_NM };
}

/** The work function of an electrode material, for a Schottky contact, if it gives one. */
export function workFunctionOf(m: MaterialLike): number | undefined {
  const v = m.electrical?.workFunctionEV;
  return typeof v === 'number' && v > 0 ? v : undefined;
}

/** One entry of assets/data/nk/index.json (the shipped n,k tables, always available). */
export interface NkIndexEntry {
  id: string;
  file: string;
  name: string;
  category: string;
  wl_min_nm: number;
  wl_max_nm: number;
}

/** A shipped n,k table as a pickable material (optics only). */
export function nkEntryToMaterial(e: NkIndexEntry): MaterialLike {
  return {
    uuid: `nk:${e.id}`,
    key: e.id,
    name: e.name,
    category: e.category,
    optical: { kind: 'table', materialId: e.id },
  };
}
