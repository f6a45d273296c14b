import type { FaqItem, NewsItem, OutboxItem } from '@pvforge/contracts';
import type { FaqRow, MailOutboxRow, NewsRow } from '../db/schema.js';

export function presentNews(row: NewsRow): NewsItem {
  return {
    id: row.id,
    title_zh: row.title_zh,
    title_en: row.title_en,
    summary_zh: row.summary_zh,
    summary_en: row.summary_en,
    body_zh: row.body_zh,
    body_en: row.body_en,
    kind: row.kind === 'achievement' ? 'achievement' : 'news',
    published_at: row.published_at,
  };
}

export function presentFaq(row: FaqRow): FaqItem {
  return {
    id: row.id,
    question_zh: row.question_zh,
    question_en: row.question_en,
    answer_zh: row.answer_zh,
    answer_en: row.answer_en,
    sort: row.sort,
  };
}

const STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;

/** Outbox rows without their bodies: a reset mail's body holds a live link. */
export function presentOutbox(row: MailOutboxRow): OutboxItem {
  const status = STATUSES.find((s) => s === row.status) ?? 'failed';
  return {
    id: row.id,
    to: row.to_addr,
    subject: row.subject,
    kind: row.kind,
    status,
    error: row.error,
    created_at: new Date(Number(row.created_at)).toISOString(),
    sent_at: row.sent_at === null ? null : new Date(Number(row.sent_at)).toISOString(),
  };
}
