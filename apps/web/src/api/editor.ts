import type { CalcDetail, CalcRecord, CalcSweepSubmitted, DeviceSpec, SweepParameter } from '@pvforge/contracts';
import type { CheckIssue } from '@pvforge/engine';
import type { MaterialLike, NkIndexEntry } from '../components/device-editor/materials';
import { apiBase, call, request } from './client';

/**
 * Calls of the device editor and the optical / electrical calculation pages (issue 8):
 * submit, cancel and reload calculations (apps/server/src/routes/calc.ts), materials and devices
 * of the libraries (docs/api/library.md), and the shipped n,k index of the data-file route.
 */
export interface MaterialList {
  list: MaterialLike[];
  total: number;
}

export interface MaterialQuery {
  search?: string;
  cata?: number;
  page?: number;
  size?: number;
}

export const editorApi = {
  findMaterialLibrary: (q: MaterialQuery) =>
    call<MaterialList>('/sys/material/findMaterialLibrary', { body: { page: 1, size: 50, ...q } }),
  findMaterialPersonal: (q: MaterialQuery) =>
    call<MaterialList>('/sys/materialPersonal/findMaterialPersonal', { body: { page: 1, size: 50, ...q } }),
  getMaterial: (uuid: string) => call<MaterialLike>('/sys/material/getMaterial', { body: { uuid } }),
  getDevice: (id: string) =>
    call<{ id: string; name: string; nameZh?: string; nameEn?: string; kind: 'opt' | 'elec'; spec: unknown }>(
      '/sys/device/get',
      { body: { id } },
    ),
  calcData: (id: number) => call<CalcDetail>('/sys/calc/calcData', { body: { id } }),
  /** The raw answer: 4105 carries {field, errors} for the form. */
  submit: (kind: 'opt' | 'elec', device: DeviceSpec, name: string, priority = false) =>
    request<{ id: number } | { field: string; errors: string[]; issues?: CheckIssue[] } | null>(`/sys/calc/${kind}`, {
      body: { device, name, ...(priority ? { priority } : {}) },
      idempotent: true,
    }),
  /** A parameter sweep (one child calculation per value); the raw answer: 4105 carries {field, errors}. */
  submitSweep: (kind: 'opt' | 'elec', device: DeviceSpec, parameters: SweepParameter[], name: string) =>
    request<CalcSweepSubmitted | { field: string; errors: string[] } | null>('/sys/calc/sweep', {
      body: { kind, device, parameters, name },
      idempotent: true,
    }),
  cancel: (id: number) => request<null>('/sys/calc/cancel', { body: { id } }),
  record: async (id: number): Promise<CalcRecord> => (await editorApi.calcData(id)).record,
};

/** Absolute URL of the public data-file route (the preview worker cannot resolve relative URLs or read localStorage). */
export function dataBaseUrl(): string {
  return new URL(`${apiBase().replace(/\/+$/, '')}/data`, window.location.origin).toString().replace(/\/+$/, '');
}

/** The shipped n,k tables (assets/data/nk/index.json), the fallback material source. */
export async function nkIndex(): Promise<NkIndexEntry[]> {
  const res = await fetch(`${dataBaseUrl()}/nk/index.json`);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return ((await res.json()) as { materials: NkIndexEntry[] }).materials;
}
