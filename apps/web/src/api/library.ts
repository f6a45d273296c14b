import type {
  ApiAnswer,
  Device,
  DeviceFindPersonalBody,
  DeviceFindPublicBody,
  DeviceKind,
  DeviceListData,
  FinanceBalance,
  IncomeListData,
  MsgListData,
  Review,
  ReviewItemType,
  ReviewListData,
  ReviewRunData,
  ReviewStatus,
  SystemSettings,
} from '@pvforge/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { currentLang } from '../i18n';
import { exportFileName } from '../lib/library';
import { useSession } from '../session/useSession';
import { chatApi } from './chat';
import { ApiError, apiBase, call, NetworkError, signedFetch } from './client';
import { noticeApi } from './notices';

/**
 * Wrappers of the library calls of docs/api/library.md: device libraries, review, in-site
 * messages, finance and system settings. JSON calls go through call() (signed); the multipart
 * import and the file export sign their own fetch the same way.
 */
export const libraryApi = {
  findPublic: (body: DeviceFindPublicBody) => call<DeviceListData>('/sys/device/findPublic', { body }),
  findPersonal: (body: DeviceFindPersonalBody) => call<DeviceListData>('/sys/device/findPersonal', { body }),
  getDevice: (id: string) => call<Device>('/sys/device/get', { body: { id } }),
  saveDevice: (body: {
    name: string;
    description?: string;
    references?: string[];
    notes?: string;
    spec?: unknown;
    calcId?: number;
  }) => call<Device>('/sys/device/save', { body }),
  updateDevice: (body: { id: string; name?: string; description?: string; references?: string[]; notes?: string }) =>
    call<Device>('/sys/device/update', { body }),
  deleteDevice: (id: string) => call<null>('/sys/device/delete', { body: { id } }),
  /** A copy in the caller's personal library, with the description, references and notes. */
  copyDevice: (id: string) => call<Device>('/sys/device/copy', { body: { id } }),
  submitReview: (itemType: ReviewItemType, itemId: string, note?: string) =>
    call<Review>('/sys/review/submit', { body: { itemType, itemId, ...(note ? { note } : {}) } }),
  myReviews: (page: number, size: number) => call<ReviewListData>('/sys/review/mine', { body: { page, size } }),
  reviewList: (status: ReviewStatus, page: number, size: number) =>
    call<ReviewListData>('/sys/review/list', { body: { status, page, size } }),
  approve: (id: number) => call<Review>('/sys/review/approve', { body: { id } }),
  reject: (id: number, reason: string) => call<Review>('/sys/review/reject', { body: { id, reason } }),
  /** The submitter's run of a submitted device (administrator). */
  reviewRun: (id: number) => call<ReviewRunData>('/sys/review/run', { body: { id } }),
  msgList: (page: number, size: number, unread?: boolean) =>
    call<MsgListData>('/sys/msg/list', { body: { page, size, ...(unread ? { unread: true } : {}) } }),
  msgRead: (target: { id: number } | { all: true }) => call<null>('/sys/msg/read', { body: target }),
  balance: () => call<FinanceBalance>('/sys/finance/balance', { body: {} }),
  income: (page: number, size: number) => call<IncomeListData>('/sys/finance/income', { body: { page, size } }),
  settings: () => call<SystemSettings>('/sys/settings/get', { body: {} }),
  setSettings: (reviewRewardYuan: number) => call<SystemSettings>('/sys/settings/set', { body: { reviewRewardYuan } }),
};

async function answerOf<T>(res: Response): Promise<T> {
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

/** Imports a DeviceSpec file (multipart `file`) into the caller's personal library. */
export async function importDeviceFile(file: File): Promise<Device> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await signedFetch(`${apiBase()}/sys/device/import`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'X-Lang': currentLang() },
    body: form,
  });
  return answerOf<Device>(res);
}

/** Downloads a device's DeviceSpec file (/sys/device/export) and hands it to the browser. */
export async function exportDevice(id: string, name: string): Promise<string> {
  const res = await signedFetch(`${apiBase()}/sys/device/export`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Lang': currentLang() },
    body: JSON.stringify({ id }),
  });
  const disposition = res.headers.get('Content-Disposition');
  if (!res.ok || !disposition) {
    // An error is an ordinary {code, msg} answer.
    await answerOf<unknown>(res);
  }
  const blob = await res.blob();
  const fileName = exportFileName(disposition, name);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export const libKeys = {
  devices: ['devices'] as const,
  deviceList: (personal: boolean, kind: DeviceKind, search: string, status: string, page: number, size: number) =>
    ['devices', personal ? 'personal' : 'public', kind, search, status, page, size] as const,
  device: (id: string) => ['devices', 'one', id] as const,
  reviews: ['reviews'] as const,
  reviewList: (status: ReviewStatus, page: number, size: number) => ['reviews', status, page, size] as const,
  msgs: ['msgs'] as const,
  msgList: (page: number, size: number) => ['msgs', 'list', page, size] as const,
  unread: ['msgs', 'unread'] as const,
  finance: ['finance'] as const,
  balance: ['finance', 'balance'] as const,
  income: (page: number, size: number) => ['finance', 'income', page, size] as const,
  settings: ['settings'] as const,
};

/**
 * The number of unread in-site messages, system notices and user conversations together, refreshed
 * every 60 s and at once when a live message arrives (the header badge).
 */
export function useUnreadCount() {
  const session = useSession();
  return useQuery({
    queryKey: libKeys.unread,
    enabled: !!session,
    queryFn: async () => {
      // The administrators' notices count as messages too (issue 29): they reach every user's bell.
      const [system, chat, notices] = await Promise.all([
        libraryApi.msgList(1, 1, true),
        chatApi.conversations(1, 1),
        noticeApi.list(1, 1),
      ]);
      return system.unread + chat.unread + notices.unread;
    },
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false,
  });
}

export function useDeviceList(
  personal: boolean,
  kind: DeviceKind,
  search: string,
  status: string,
  page: number,
  size: number,
) {
  return useQuery({
    queryKey: libKeys.deviceList(personal, kind, search, status, page, size),
    queryFn: () =>
      personal
        ? libraryApi.findPersonal({
            kind,
            page,
            size,
            ...(search ? { search } : {}),
            ...(status ? { status: status as DeviceFindPersonalBody['status'] } : {}),
          })
        : libraryApi.findPublic({ kind, page, size, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
}
