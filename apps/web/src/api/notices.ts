import type { NewsItem, NoticeListData } from '@pvforge/contracts';
import { call } from './client';

export type ManagedNews = NewsItem & { withdrawn: boolean };

/** Notices and news administration (docs/administration.md). */
export const noticeApi = {
  list: (page: number, size: number) => call<NoticeListData>('/sys/notice/list', { body: { page, size } }),
  manage: (page: number, size: number) => call<NoticeListData>('/sys/notice/manage', { body: { page, size } }),
  read: (target: { id: number } | { all: true }) => call<null>('/sys/notice/read', { body: target }),
  save: (body: { id?: number; title: string; body: string }) => call<{ id: number }>('/sys/notice/save', { body }),
  withdraw: (id: number) => call<null>('/sys/notice/withdraw', { body: { id } }),
  newsManage: (page: number, size: number) =>
    call<{ list: ManagedNews[]; total: number }>('/sys/news/manage', { body: { page, size } }),
  newsSave: (body: Omit<NewsItem, 'id'> & { id?: number }) => call<{ id: number }>('/sys/news/save', { body }),
  newsWithdraw: (id: number) => call<null>('/sys/news/withdraw', { body: { id } }),
};
