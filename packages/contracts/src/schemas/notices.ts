import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';

/**
 * Notices (spec §2 /plat/notice; issue 14): administrators publish, edit and withdraw them; every
 * user sees the published ones with their own read state. News and achievements (the public /news)
 * are edited and withdrawn here too, and administrators' actions are kept in an audit log.
 */
const Id = Type.Integer({ minimum: 1, maximum: DB_INT_MAX });
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 }));
const Size = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 }));

export const NOTICE_LIMITS = { titleMaxChars: 100, bodyMaxChars: 10_000 } as const;

export const Notice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  /** The English text when the administrator gave one ('' otherwise): an English reader sees it. */
  titleEn: Type.String(),
  bodyEn: Type.String(),
  publishedAt: Type.Integer(),
  updatedAt: Type.Integer(),
  read: Type.Boolean(),
  withdrawn: Type.Boolean(),
});
export type Notice = Static<typeof Notice>;

export const NoticeListBody = Type.Object({ page: Page, size: Size });
export const NoticeListData = Type.Object({ list: Type.Array(Notice), total: Type.Integer(), unread: Type.Integer() });
export type NoticeListData = Static<typeof NoticeListData>;
export const NoticeReadBody = Type.Object({
  id: Type.Optional(Id),
  all: Type.Optional(Type.Boolean()),
});
export const NoticeSaveBody = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: NOTICE_LIMITS.titleMaxChars }),
  body: Type.String({ minLength: 1, maxLength: NOTICE_LIMITS.bodyMaxChars }),
  /** Optional English version; both or neither (a title without a body reads as nothing). */
  titleEn: Type.Optional(Type.String({ maxLength: NOTICE_LIMITS.titleMaxChars })),
  bodyEn: Type.Optional(Type.String({ maxLength: NOTICE_LIMITS.bodyMaxChars })),
});
export const NoticeIdBody = Type.Object({ id: Id });

export const NewsSaveBody = Type.Object({
  id: Type.Optional(Id),
  kind: Type.Union([Type.Literal('news'), Type.Literal('achievement')]),
  title_zh: Type.String({ minLength: 1, maxLength: 200 }),
  title_en: Type.String({ minLength: 1, maxLength: 200 }),
  summary_zh: Type.String({ maxLength: 1000 }),
  summary_en: Type.String({ maxLength: 1000 }),
  body_zh: Type.String({ maxLength: 20_000 }),
  body_en: Type.String({ maxLength: 20_000 }),
  published_at: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' }),
});
export const NewsIdBody = Type.Object({ id: Id });
export const NewsAdminListBody = Type.Object({ page: Page, size: Size });

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  adminId: Type.Union([Type.Integer(), Type.Null()]),
  adminName: Type.String(),
  action: Type.String(),
  target: Type.String(),
  detail: Type.String(),
  createdAt: Type.Integer(),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditListBody = Type.Object({
  action: Type.Optional(Type.String({ maxLength: 64 })),
  page: Page,
  size: Size,
});
export const AuditListData = Type.Object({ list: Type.Array(AuditEntry), total: Type.Integer() });
export type AuditListData = Static<typeof AuditListData>;

/** FAQ entries (shared by /help and /plat/cs/faq), edited by administrators. */
export const FaqSaveBody = Type.Object({
  id: Type.Optional(Id),
  sort: Type.Integer({ minimum: 0, maximum: 10_000 }),
  question_zh: Type.String({ minLength: 1, maxLength: 500 }),
  question_en: Type.String({ minLength: 1, maxLength: 500 }),
  answer_zh: Type.String({ minLength: 1, maxLength: 10_000 }),
  answer_en: Type.String({ minLength: 1, maxLength: 10_000 }),
});
export const FaqIdBody = Type.Object({ id: Id });
