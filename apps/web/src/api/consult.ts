import type { AttachmentRef, ConsultCategory, ConsultListData, ConsultStatus, ConsultTicket } from '@pvforge/contracts';
import { call } from './client';

/** Consultation calls (docs/consultation.md). */
export const consultApi = {
  create: (body: { category: ConsultCategory; subject: string; text: string; attachments: AttachmentRef[] }) =>
    call<{ id: number }>('/sys/consult/create', { body }),
  mine: (page: number, size: number, status?: ConsultStatus) =>
    call<ConsultListData>('/sys/consult/mine', { body: { page, size, ...(status ? { status } : {}) } }),
  all: (page: number, size: number, status?: ConsultStatus) =>
    call<ConsultListData>('/sys/consult/list', { body: { page, size, ...(status ? { status } : {}) } }),
  detail: (id: number) => call<ConsultTicket>('/sys/consult/detail', { body: { id } }),
  reply: (body: { id: number; text: string; attachments: AttachmentRef[] }) =>
    call<null>('/sys/consult/reply', { body }),
  close: (id: number) => call<null>('/sys/consult/close', { body: { id } }),
};

export const consultKeys = {
  all: ['consult'] as const,
  list: (scope: 'mine' | 'all', status: string, page: number, size: number) =>
    ['consult', scope, status, page, size] as const,
  detail: (id: number) => ['consult', 'detail', id] as const,
};
