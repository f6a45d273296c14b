import type {
  AttachmentRef,
  ForumBoardsData,
  ForumImageData,
  ForumKind,
  ForumModerationAction,
  ForumMyPostsData,
  ForumReportsData,
  ForumTargetType,
  ForumThread,
  ForumThreadsData,
} from '@pvforge/contracts';
import { call } from './client';
import { upload } from './materials';

/** The forum calls (docs/forum.md), signed through call(); images go up as multipart. */
export const forumApi = {
  boards: (forum: ForumKind) => call<ForumBoardsData>('/sys/forum/boards', { body: { forum } }),
  threads: (body: { forum?: ForumKind; boardId?: number; search?: string; page: number; size: number }) =>
    call<ForumThreadsData>('/sys/forum/threads', { body }),
  thread: (id: number, page: number, size: number) =>
    call<ForumThread>('/sys/forum/thread', { body: { id, page, size } }),
  createThread: (body: { boardId: number; title: string; body: string; attachments: AttachmentRef[] }) =>
    call<{ id: number }>('/sys/forum/thread/create', { body }),
  updateThread: (body: { id: number; title: string; body: string; attachments: AttachmentRef[] }) =>
    call<null>('/sys/forum/thread/update', { body }),
  deleteThread: (id: number) => call<null>('/sys/forum/thread/delete', { body: { id } }),
  reply: (body: { threadId: number; body: string; quoteId?: number; attachments: AttachmentRef[] }) =>
    call<{ id: number }>('/sys/forum/reply/create', { body }),
  updateReply: (body: { id: number; body: string; attachments: AttachmentRef[] }) =>
    call<null>('/sys/forum/reply/update', { body }),
  deleteReply: (id: number) => call<null>('/sys/forum/reply/delete', { body: { id } }),
  myPosts: (type: 'thread' | 'reply', page: number, size: number) =>
    call<ForumMyPostsData>('/sys/forum/myposts', { body: { type, page, size } }),
  report: (type: ForumTargetType, id: number, reason: string) =>
    call<null>('/sys/forum/report', { body: { type, id, reason } }),
  moderate: (type: ForumTargetType, id: number, action: ForumModerationAction) =>
    call<null>('/sys/forum/moderate', { body: { type, id, action } }),
  reports: (status: 'open' | 'resolved', page: number, size: number) =>
    call<ForumReportsData>('/sys/forum/reports', { body: { status, page, size } }),
  resolveReport: (id: number) => call<null>('/sys/forum/report/resolve', { body: { id } }),
  uploadImage: (file: File) => upload<ForumImageData>('/sys/forum/image', file, file.name),
};

export const forumKeys = {
  all: ['forum'] as const,
  boards: (forum: ForumKind) => ['forum', 'boards', forum] as const,
  threads: (f: { forum?: ForumKind; boardId?: number; search?: string; page: number; size: number }) =>
    ['forum', 'threads', f] as const,
  thread: (id: number, page: number, size: number) => ['forum', 'thread', id, page, size] as const,
  myPosts: (type: string, page: number, size: number) => ['forum', 'mine', type, page, size] as const,
  reports: (status: string, page: number, size: number) => ['forum', 'reports', status, page, size] as const,
};
