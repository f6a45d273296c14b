import type { SpectrumCreateBody, SpectrumDetail, SpectrumListData } from '@pvforge/contracts';
import { call } from './client';

/** Custom incident spectra of the personal library (apps/server/src/routes/spectra.ts). */
export const spectraApi = {
  list: () => call<SpectrumListData>('/sys/spectrum/list', { body: {} }),
  create: (body: SpectrumCreateBody) => call<{ id: number }>('/sys/spectrum/create', { body }),
  get: (id: number) => call<SpectrumDetail>('/sys/spectrum/get', { body: { id } }),
  remove: (id: number) => call<null>('/sys/spectrum/delete', { body: { id } }),
};

export const spectraKeys = { list: ['spectra', 'list'] as const };
