import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';
import { AttachmentCard, AttachmentRef, FORUM_LIMITS } from './forum.js';

/**
 * Consultation tickets (spec §2 cs/consult; issue 14, docs/consultation.md): a user opens one with
 * a category, a subject, text and attachments; an administrator answers; the state goes
 * open -> answered (an administrator wrote last) -> open (the user wrote again) ... -> closed.
 * Texts are plain text (shown as text, never as HTML).
 */
export const CONSULT_CATEGORIES = ['account', 'calculation', 'material', 'finance', 'other'] as const;
export const ConsultCategory = Type.Union([
  Type.Literal('account'),
  Type.Literal('calculation'),
  Type.Literal('material'),
  Type.Literal('finance'),
  Type.Literal('other'),
]);
export type ConsultCategory = (typeof CONSULT_CATEGORIES)[number];

export const ConsultStatus = Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')]);
export type ConsultStatus = Static<typeof ConsultStatus>;

export const CONSULT_LIMITS = { subjectMaxChars: 100, textMaxChars: 5000 } as const;

const Id = Type.Integer({ minimum: 1, maximum: DB_INT_MAX });
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 }));
const Size = Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 }));
const Text = Type.String({ minLength: 1, maxLength: CONSULT_LIMITS.textMaxChars });
const Attachments = Type.Optional(Type.Array(AttachmentRef, { maxItems: FORUM_LIMITS.attachmentsMax }));

export const ConsultTicketItem = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  category: ConsultCategory,
  subject: Type.String(),
  status: ConsultStatus,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type ConsultTicketItem = Static<typeof ConsultTicketItem>;

export const ConsultMessage = Type.Object({
  id: Type.Integer(),
  fromAdmin: Type.Boolean(),
  author: Type.String(),
  text: Type.String(),
  attachments: Type.Array(AttachmentCard),
  createdAt: Type.Integer(),
});
export type ConsultMessage = Static<typeof ConsultMessage>;

export const ConsultTicket = Type.Object({ ...ConsultTicketItem.properties, messages: Type.Array(ConsultMessage) });
export type ConsultTicket = Static<typeof ConsultTicket>;

export const ConsultCreateBody = Type.Object({
  category: ConsultCategory,
  subject: Type.String({ minLength: 1, maxLength: CONSULT_LIMITS.subjectMaxChars }),
  text: Text,
  attachments: Attachments,
});
export const ConsultReplyBody = Type.Object({ id: Id, text: Text, attachments: Attachments });
export const ConsultIdBody = Type.Object({ id: Id });
export const ConsultListBody = Type.Object({ status: Type.Optional(ConsultStatus), page: Page, size: Size });
export const ConsultListData = Type.Object({ list: Type.Array(ConsultTicketItem), total: Type.Integer() });
export type ConsultListData = Static<typeof ConsultListData>;
