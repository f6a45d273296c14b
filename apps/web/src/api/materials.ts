import {
  type ApiAnswer,
  type Material as ContractMaterial,
  MATERIAL_CATEGORIES,
  type MaterialCategory,
  type MaterialElectrical,
  type MaterialInput,
  type MaterialStatus,
  parseNkFile,
  type Review,
  type ReviewListData,
} from '@pvforge/contracts';
import { currentLang } from '../i18n';
import { ApiError, apiBase, call, NetworkError, signedFetch } from './client';

/**
 * Wrappers of the material library calls (docs/api/library.md, "Materials") and the review
 * submission, built on call() of client.ts (signed). `parseNk` is the one multipart call: it signs
 * like client.ts does and sends FormData (a file and the wavelength unit), with no timeout.
 * Types come from @pvforge/contracts (schemas/material.ts).
 */

export type { MaterialCategory, MaterialElectrical, MaterialInput, MaterialStatus };
export { MATERIAL_CATEGORIES };

/**
 * A material as the web shows it: the contract's Material, plus the n,k arrays of a shipped table
 * when the server resolves them, and the reason of a rejected review (joined from /sys/review/mine).
 */
export type Material = ContractMaterial & {
  nk?: { wavelengthNm: number[]; n: number[]; k: number[] };
  reason?: string;
};

export interface MaterialList {
  list: Material[];
  total: number;
}

export interface MaterialQuery {
  search?: string;
  category?: string;
  cata?: number;
  page: number;
  size: number;
  withData?: boolean;
}

export interface ParsedNk {
  wavelengthNm: number[];
  n: number[];
  k: number[];
  points: number;
  rangeNm: [number, number];
  warnings: string[];
}

const clean = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

export const materialsApi = {
  findLibrary: (q: MaterialQuery) => call<MaterialList>('/sys/material/findMaterialLibrary', { body: clean(q) }),
  get: (uuid: string) => call<Material>('/sys/material/getMaterial', { body: { uuid } }),
  addLibrary: (m: MaterialInput) => call<Material>('/sys/material/addMaterialLibrary', { body: m }),
  updateLibrary: (uuid: string, m: MaterialInput) =>
    call<Material>('/sys/material/updateMaterialLibrary', { body: { uuid, ...m } }),
  deleteLibrary: (uuid: string) => call<null>('/sys/material/deleteMaterialLibrary', { body: { uuid } }),
  findPersonal: (q: MaterialQuery) =>
    call<MaterialList>('/sys/materialPersonal/findMaterialPersonal', { body: clean(q) }),
  addPersonal: (m: MaterialInput) => call<Material>('/sys/materialPersonal/addMaterialPersonal', { body: m }),
  updatePersonal: (uuid: string, m: MaterialInput) =>
    call<Material>('/sys/materialPersonal/updateMaterialPersonal', { body: { uuid, ...m } }),
  deletePersonal: (uuid: string) => call<null>('/sys/materialPersonal/deleteMaterialPersonal', { body: { uuid } }),
  submitReview: (itemId: string, note?: string) =>
    call<Review>('/sys/review/submit', { body: clean({ itemType: 'material', itemId, note }) }),
  myReviews: (page: number, size: number) => call<ReviewListData>('/sys/review/mine', { body: { page, size } }),
  parseNk: (file: Blob, fileName: string, type?: 'nm' | 'um') =>
    upload<ParsedNk>('/sys/material/parseNk', file, fileName, type),
};

/**
 * The n,k numbers of a shipped table (public GET /data/nk/<id>.csv, wavelength_nm,n,k), read with
 * the shared parser; null when the table does not exist or cannot be read.
 */
export async function fetchNkTable(
  materialId: string,
): Promise<{ wavelengthNm: number[]; n: number[]; k: number[] } | null> {
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/data/nk/${encodeURIComponent(materialId)}.csv`);
  } catch (e) {
    throw new NetworkError(e instanceof Error ? e.message : String(e));
  }
  if (!res.ok) return null;
  const parsed = parseNkFile(await res.text(), 'nm');
  return parsed.ok ? { wavelengthNm: parsed.table.wavelengthNm, n: parsed.table.n, k: parsed.table.k } : null;
}

/**
 * A multipart upload of one file and an optional `type` field, signed like client.ts signs its
 * calls (X-Uid, X-Sign, X-Lang); no timeout. Resolves with data on '1000', throws ApiError or
 * NetworkError otherwise.
 */
export async function upload<T>(
  path: string,
  file: Blob,
  fileName: string,
  type?: string,
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  if (type) form.append('type', type);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  // The file goes last: multipart parsers read fields before the file stream.
  form.append('file', file, fileName);
  const res = await signedFetch(`${apiBase()}${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'X-Lang': currentLang() },
    body: form,
  });
  let answer: ApiAnswer<T>;
  try {
    answer = (await res.json()) as ApiAnswer<T>;
  } catch {
    throw new NetworkError(`HTTP ${res.status}`);
  }
  if (typeof answer?.code !== 'string') throw new NetworkError(`HTTP ${res.status}`);
  if (answer.code !== '1000') throw new ApiError(answer as ApiAnswer<unknown>, res.status);
  return answer.data;
}
