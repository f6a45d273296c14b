import {
  type DeviceKind,
  type DeviceListItem,
  deviceTexts,
  type LibraryStatus,
  MAX_DEVICE_REFERENCES,
  MAX_REVIEW_REWARD_YUAN,
  normalizeDoi,
  type SiteMessage,
  yuanToFen,
} from '@pvforge/contracts';

/**
 * Pure helpers of the device libraries, review, messages and finance screens (issue 7), kept free
 * of React so they are unit-testable in node (apps/web/test/library-*.test.ts).
 */

/** Which of the four device library routes (spec §2) a /plat pathname is. */
export interface LibraryScope {
  kind: DeviceKind;
  personal: boolean;
  /** The route name of spec §2 (optMaterial, elecMaterial, myOptMaterial, myElecMaterial). */
  route: 'optMaterial' | 'elecMaterial' | 'myOptMaterial' | 'myElecMaterial';
}

export function libraryScope(pathname: string): LibraryScope {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  switch (last) {
    case 'elecMaterial':
      return { kind: 'elec', personal: false, route: 'elecMaterial' };
    case 'myOptMaterial':
      return { kind: 'opt', personal: true, route: 'myOptMaterial' };
    case 'myElecMaterial':
      return { kind: 'elec', personal: true, route: 'myElecMaterial' };
    default:
      return { kind: 'opt', personal: false, route: 'optMaterial' };
  }
}

/** The other library of the same kind: where a personal device goes once approved, and back. */
export function libraryRoute(kind: DeviceKind, personal: boolean): string {
  const base = kind === 'elec' ? 'ElecMaterial' : 'OptMaterial';
  return personal ? `/plat/my${base}` : `/plat/${base.charAt(0).toLowerCase()}${base.slice(1)}`;
}

/** The calculation editor that opens a device (the editor reads `?device=<id>`). */
export function calcLink(kind: DeviceKind, id: string): string {
  return `/plat/calc/${kind === 'elec' ? 'elec' : 'opt'}?device=${encodeURIComponent(id)}`;
}

type DeviceTextFields = Pick<
  DeviceListItem,
  'name' | 'description' | 'nameZh' | 'nameEn' | 'descriptionZh' | 'descriptionEn' | 'citation'
>;

/**
 * A device as a reader of `lang` sees it (issue 29): its name and description in that language,
 * else the other one's, else the one it was given. A citation that only repeats a description, in
 * whichever language (an example is stored with its English description as citation), is dropped,
 * so that the references column does not repeat it.
 */
export function localizedDevice<D extends DeviceTextFields>(d: D, lang: string): D {
  const { name, description } = deviceTexts(d, lang);
  const repeats = [d.description, d.descriptionZh, d.descriptionEn].some(
    (text) => !!text && text.trim() === d.citation?.trim(),
  );
  const out: D = { ...d, name };
  if (description === undefined) delete out.description;
  else out.description = description;
  if (repeats) delete out.citation;
  return out;
}

/** A device ID is 32 lower-case hex characters (spec §3). */
export function isDeviceId(s: string): boolean {
  return /^[0-9a-f]{32}$/.test(s);
}

export const STATUS_COLORS: Record<LibraryStatus, string> = {
  public: 'blue',
  private: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** What the owner may do with a personal item in this status. */
export function itemActions(status: LibraryStatus): { edit: boolean; submit: boolean; remove: boolean } {
  return {
    // The server refuses changes while a review is pending.
    edit: status === 'private' || status === 'rejected' || status === 'approved',
    submit: status === 'private' || status === 'rejected',
    remove: status !== 'pending',
  };
}

/** One layer of a device as the library views list it (components/library/DeviceSpecView.tsx). */
export interface LayerRow {
  key: number;
  name: string;
  thicknessNm: number | null;
  role: string;
  material: string;
}

/** The material a layer's optical model names, in words a researcher reads. */
export function materialOf(optical: unknown): string {
  if (!optical || typeof optical !== 'object') return '-';
  const o = optical as Record<string, unknown>;
  switch (o.kind) {
    case 'table':
      return typeof o.materialId === 'string' ? o.materialId : '-';
    case 'tabulated':
      return Array.isArray(o.wavelengthNm) ? `n,k (${o.wavelengthNm.length})` : 'n,k';
    case 'constant':
      return `n=${o.n}, k=${o.k}`;
    // SCAPS's absorption models: the table by its file, the square-root law by its edge
    case 'absorption-table':
      return typeof o.name === 'string' ? o.name : Array.isArray(o.wavelengthNm) ? `α (${o.wavelengthNm.length})` : 'α';
    case 'sqrt-law':
      return `α ∝ √(hν − ${o.egEV} eV)`;
    default:
      return typeof o.kind === 'string' ? o.kind : '-';
  }
}

/** The layer stack of a DeviceSpec (front to back), tolerant of partial or foreign JSON. */
export function layerRows(spec: unknown): LayerRow[] {
  if (!spec || typeof spec !== 'object') return [];
  const layers = (spec as { layers?: unknown }).layers;
  if (!Array.isArray(layers)) return [];
  return layers.map((l, i) => {
    const layer = (l ?? {}) as Record<string, unknown>;
    return {
      key: i,
      name: typeof layer.name === 'string' ? layer.name : `#${i + 1}`,
      thicknessNm: typeof layer.thicknessNm === 'number' ? layer.thicknessNm : null,
      role: typeof layer.role === 'string' ? layer.role : '',
      material: materialOf(layer.optical),
    };
  });
}

/** Unread messages first, then newest first (the list keeps the server's order otherwise). */
export function sortMessages<T extends Pick<SiteMessage, 'read' | 'createdAt' | 'id'>>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(a.read) - Number(b.read) || b.createdAt - a.createdAt || b.id - a.id);
}

/** The unread badge text: nothing at 0, "99+" past 99. */
export function badgeText(unread: number): string {
  if (!Number.isFinite(unread) || unread <= 0) return '';
  return unread > 99 ? '99+' : String(Math.floor(unread));
}

/** A yuan amount as shown: two decimals, thousands separated ("1,234.50"). */
export function formatYuan(yuan: number): string {
  const v = Number.isFinite(yuan) ? yuan : 0;
  return v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export type RewardProblem = 'required' | 'number' | 'range' | 'decimals';

/** Validates the review reward input of the settings screen (0-10000 yuan, at most 2 decimals). */
export function rewardProblem(input: unknown): RewardProblem | undefined {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) return 'required';
  const v = typeof input === 'number' ? input : Number(String(input).trim());
  if (!Number.isFinite(v)) return 'number';
  if (v < 0 || v > MAX_REVIEW_REWARD_YUAN) return 'range';
  if (yuanToFen(v) === undefined) return 'decimals';
  return undefined;
}

/** Filename of an exported DeviceSpec, from the server's Content-Disposition or the device name. */
export function exportFileName(disposition: string | null, name: string): string {
  if (disposition) {
    const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
    if (star?.[1]) {
      try {
        return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
      } catch {
        // fall through to the plain filename
      }
    }
    const plain = /filename="?([^";]+)"?/i.exec(disposition);
    if (plain?.[1]) return plain[1].trim();
  }
  const safe = name.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || 'device';
  return `${safe}.device.json`;
}

/** Reason for the reject dialog: 1-500 characters after trimming. */
export function reasonProblem(reason: string | undefined): 'required' | 'tooLong' | undefined {
  const r = (reason ?? '').trim();
  if (!r) return 'required';
  if (r.length > 500) return 'tooLong';
  return undefined;
}

/**
 * The DOIs of the references box: one or more, separated by line breaks or blanks (a DOI has
 * none). `bad` is the first entry that is not a DOI, `tooMany` when there are more than the server
 * takes; the server normalises and checks them again (4316).
 */
export function splitDois(text: string | undefined): { dois: string[]; bad?: string; tooMany?: boolean } {
  const parts = (text ?? '').split(/\s+/).filter(Boolean);
  const bad = parts.find((p) => !normalizeDoi(p));
  return {
    dois: parts,
    ...(bad !== undefined ? { bad } : {}),
    ...(parts.length > MAX_DEVICE_REFERENCES ? { tooMany: true } : {}),
  };
}
