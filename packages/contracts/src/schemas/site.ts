import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';

/**
 * Public site content. Texts are stored in both languages; the client picks.
 * /sys/stat/all answers data.data as an array of eight numbers (spec section 3 and 7) in the
 * order of STAT_COUNTERS, with their names alongside for readers of the API.
 */
export const STAT_COUNTERS = [
  'personalDevices',
  'publicDevices',
  'institutions',
  'users',
  'opticalCalculations',
  'electricalCalculations',
  'circuitCalculations',
  'materials',
] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

export const StatData = Type.Object({
  data: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 8, maxItems: 8 }),
  names: Type.Array(Type.String()),
});
export type StatData = Static<typeof StatData>;

export const NewsItem = Type.Object({
  id: Type.Integer(),
  title_zh: Type.String(),
  title_en: Type.String(),
  summary_zh: Type.String(),
  summary_en: Type.String(),
  body_zh: Type.String(),
  body_en: Type.String(),
  kind: Type.Union([Type.Literal('news'), Type.Literal('achievement')]),
  published_at: Type.String(),
});
export type NewsItem = Static<typeof NewsItem>;

export const NewsListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export const NewsListData = Type.Object({ list: Type.Array(NewsItem), total: Type.Integer() });
export type NewsListData = Static<typeof NewsListData>;

export const FaqItem = Type.Object({
  id: Type.Integer(),
  question_zh: Type.String(),
  question_en: Type.String(),
  answer_zh: Type.String(),
  answer_en: Type.String(),
  sort: Type.Integer(),
});
export type FaqItem = Static<typeof FaqItem>;
export const FaqListData = Type.Object({ list: Type.Array(FaqItem) });
export type FaqListData = Static<typeof FaqListData>;
