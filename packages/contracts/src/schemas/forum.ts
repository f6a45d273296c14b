import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';

/**
 * The forum (spec §2: bbs/academic, bbs/feedback, bbs/detail/{id}, mypost; issue 14,
 * docs/forum.md). Two forums, each with boards; a board holds threads, a thread holds replies.
 * Post bodies are HTML that the server sanitises with an allow-list before it is stored; the web
 * renders only what the server returns. Lists answer {list, total}; `page` from 1, `size` 1-50.
 */

export const FORUM_LIMITS = {
  titleMaxChars: 100,
  /** Sanitised HTML of one post, in characters. */
  bodyMaxChars: 50_000,
  /** Attachments (calculation results or devices) per post. */
  attachmentsMax: 5,
  reportReasonMaxChars: 500,
  searchMaxChars: 100,
  /** Uploaded images: bytes, and the pixel limits (a small file may still decode to a huge bitmap). */
  imageMaxBytes: 1024 * 1024,
  imageMaxSidePx: 4096,
  imageMaxPixels: 12_000_000,
} as const;

export const FORUM_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const ForumKind = Type.Union([Type.Literal('academic'), Type.Literal('feedback')]);
export type ForumKind = Static<typeof ForumKind>;

const Id = Type.Integer({ minimum: 1, maximum: DB_INT_MAX });
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 }));
const Size = Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 }));
const Title = Type.String({ minLength: 1, maxLength: FORUM_LIMITS.titleMaxChars });
/** Raw HTML as typed in the editor; generous, since sanitising usually shrinks it. */
const Body = Type.String({ minLength: 1, maxLength: FORUM_LIMITS.bodyMaxChars * 2 });

/** A calculation (its record id) or a device (its 32-character ID) attached to a post. */
export const AttachmentRef = Type.Object({
  type: Type.Union([Type.Literal('calc'), Type.Literal('device')]),
  id: Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9a-f]{1,32}$' }),
});
export type AttachmentRef = Static<typeof AttachmentRef>;
const Attachments = Type.Optional(Type.Array(AttachmentRef, { maxItems: FORUM_LIMITS.attachmentsMax }));

/**
 * An attachment as one reader sees it: `visible` false when the reader may not open it (then only
 * the type and ID are given, never the name). `kind` is the calculation or device kind.
 */
export const AttachmentCard = Type.Object({
  type: Type.Union([Type.Literal('calc'), Type.Literal('device')]),
  id: Type.String(),
  visible: Type.Boolean(),
  name: Type.Optional(Type.String()),
  kind: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
});
export type AttachmentCard = Static<typeof AttachmentCard>;

export const ForumBoard = Type.Object({
  id: Type.Integer(),
  forum: ForumKind,
  name: Type.String(),
  description: Type.String(),
  threadCount: Type.Integer(),
});
export type ForumBoard = Static<typeof ForumBoard>;

export const ForumAuthor = Type.Object({ id: Type.Integer(), nickname: Type.String() });

const Moderation = {
  pinned: Type.Boolean(),
  locked: Type.Boolean(),
  hidden: Type.Boolean(),
};

export const ForumThreadItem = Type.Object({
  id: Type.Integer(),
  boardId: Type.Integer(),
  forum: ForumKind,
  boardName: Type.String(),
  title: Type.String(),
  author: ForumAuthor,
  replyCount: Type.Integer(),
  lastReplyAt: Type.Integer(),
  createdAt: Type.Integer(),
  ...Moderation,
});
export type ForumThreadItem = Static<typeof ForumThreadItem>;

export const ForumReply = Type.Object({
  id: Type.Integer(),
  threadId: Type.Integer(),
  /** Floor number in the thread, from 1 (the thread itself is floor 0). */
  floor: Type.Integer(),
  author: ForumAuthor,
  bodyHtml: Type.String(),
  attachments: Type.Array(AttachmentCard),
  quote: Type.Optional(
    Type.Object({ id: Type.Integer(), floor: Type.Integer(), author: Type.String(), excerpt: Type.String() }),
  ),
  hidden: Type.Boolean(),
  edited: Type.Boolean(),
  mine: Type.Boolean(),
  createdAt: Type.Integer(),
});
export type ForumReply = Static<typeof ForumReply>;

export const ForumThread = Type.Object({
  ...ForumThreadItem.properties,
  bodyHtml: Type.String(),
  attachments: Type.Array(AttachmentCard),
  edited: Type.Boolean(),
  mine: Type.Boolean(),
  replies: Type.Array(ForumReply),
  /** Replies in the thread (for paging). */
  total: Type.Integer(),
});
export type ForumThread = Static<typeof ForumThread>;

export const ForumBoardsBody = Type.Object({ forum: Type.Optional(ForumKind) });
export const ForumBoardsData = Type.Object({ list: Type.Array(ForumBoard) });
export type ForumBoardsData = Static<typeof ForumBoardsData>;

export const ForumThreadsBody = Type.Object({
  forum: Type.Optional(ForumKind),
  boardId: Type.Optional(Id),
  search: Type.Optional(Type.String({ maxLength: FORUM_LIMITS.searchMaxChars })),
  page: Page,
  size: Size,
});
export const ForumThreadsData = Type.Object({ list: Type.Array(ForumThreadItem), total: Type.Integer() });
export type ForumThreadsData = Static<typeof ForumThreadsData>;

export const ForumThreadBody = Type.Object({ id: Id, page: Page, size: Size });
export const ForumIdBody = Type.Object({ id: Id });

export const ForumThreadCreateBody = Type.Object({ boardId: Id, title: Title, body: Body, attachments: Attachments });
export const ForumThreadUpdateBody = Type.Object({ id: Id, title: Title, body: Body, attachments: Attachments });
export const ForumReplyCreateBody = Type.Object({
  threadId: Id,
  body: Body,
  quoteId: Type.Optional(Id),
  attachments: Attachments,
});
export const ForumReplyUpdateBody = Type.Object({ id: Id, body: Body, attachments: Attachments });

export const ForumTargetType = Type.Union([Type.Literal('thread'), Type.Literal('reply')]);
export type ForumTargetType = Static<typeof ForumTargetType>;

export const ForumReportBody = Type.Object({
  type: ForumTargetType,
  id: Id,
  reason: Type.String({ minLength: 1, maxLength: FORUM_LIMITS.reportReasonMaxChars }),
});

export const ForumModerationAction = Type.Union([
  Type.Literal('pin'),
  Type.Literal('unpin'),
  Type.Literal('lock'),
  Type.Literal('unlock'),
  Type.Literal('hide'),
  Type.Literal('unhide'),
  Type.Literal('delete'),
]);
export type ForumModerationAction = Static<typeof ForumModerationAction>;
export const ForumModerateBody = Type.Object({ type: ForumTargetType, id: Id, action: ForumModerationAction });

export const ForumReport = Type.Object({
  id: Type.Integer(),
  type: ForumTargetType,
  targetId: Type.Integer(),
  threadId: Type.Integer(),
  excerpt: Type.String(),
  reason: Type.String(),
  reporter: ForumAuthor,
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved')]),
  createdAt: Type.Integer(),
});
export type ForumReport = Static<typeof ForumReport>;
export const ForumReportsBody = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved')])),
  page: Page,
  size: Size,
});
export const ForumReportsData = Type.Object({ list: Type.Array(ForumReport), total: Type.Integer() });
export type ForumReportsData = Static<typeof ForumReportsData>;

export const ForumMyPostsBody = Type.Object({
  type: Type.Union([Type.Literal('thread'), Type.Literal('reply')]),
  page: Page,
  size: Size,
});
export const ForumMyReply = Type.Object({
  id: Type.Integer(),
  threadId: Type.Integer(),
  threadTitle: Type.String(),
  excerpt: Type.String(),
  hidden: Type.Boolean(),
  createdAt: Type.Integer(),
});
export type ForumMyReply = Static<typeof ForumMyReply>;
export const ForumMyPostsData = Type.Object({
  threads: Type.Array(ForumThreadItem),
  replies: Type.Array(ForumMyReply),
  total: Type.Integer(),
});
export type ForumMyPostsData = Static<typeof ForumMyPostsData>;

export const ForumImageData = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  type: Type.String(),
});
export type ForumImageData = Static<typeof ForumImageData>;

/** Where an uploaded image is served; the sanitiser lets <img> through only with such a src. */
export const FORUM_IMAGE_PATH = '/calc/sys/forum/image/';
export const FORUM_IMAGE_KEY_PATTERN = '^[0-9a-f]{32}$';
