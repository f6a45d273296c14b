import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';
import { CalcKindSchema } from './calc.js';
import { CHARGED_FEATURES } from './library.js';

/**
 * Finance (issue 14, docs/finance.md): prices of the charged features (default 0: nothing is
 * charged until an administrator sets a price), consumption records, recharge requests confirmed
 * by an administrator, and the records of each kind.
 */
const Id = Type.Integer({ minimum: 1, maximum: DB_INT_MAX });
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 }));
const Size = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 }));

export const MAX_PRICE_YUAN = 10_000;
export const MAX_RECHARGE_YUAN = 1_000_000;

export const ChargedFeatureSchema = Type.Union([
  Type.Literal(CHARGED_FEATURES.libraryImport),
  Type.Literal(CHARGED_FEATURES.lossQuantification),
  Type.Literal(CHARGED_FEATURES.queuePriority),
]);

export const PriceList = Type.Object({
  prices: Type.Array(Type.Object({ feature: ChargedFeatureSchema, priceYuan: Type.Number() })),
});
export type PriceList = Static<typeof PriceList>;
export const PriceSetBody = Type.Object({
  feature: ChargedFeatureSchema,
  priceYuan: Type.Number({ minimum: 0, maximum: MAX_PRICE_YUAN }),
});

/**
 * What a calculation about to be submitted will cost (issue 29): the server's one rule of what is
 * charged (services/charged-features.ts), asked before submitting so the form can show the price
 * and ask for a confirmation. `mode` is a circuit job's kind; `waterfall` a modified-model fit given
 * a spectrum (it then quantifies the losses, as the 'losses' mode does).
 */
export const ChargeQuoteBody = Type.Object({
  kind: CalcKindSchema,
  mode: Type.Optional(Type.String({ maxLength: 40 })),
  waterfall: Type.Optional(Type.Boolean()),
  priority: Type.Optional(Type.Boolean()),
});
export type ChargeQuoteBody = Static<typeof ChargeQuoteBody>;
export const ChargeQuote = Type.Object({
  /** The priced features only (a free one is not listed). */
  items: Type.Array(Type.Object({ feature: ChargedFeatureSchema, priceYuan: Type.Number() })),
  totalYuan: Type.Number(),
});
export type ChargeQuote = Static<typeof ChargeQuote>;

export const LedgerRecordKind = Type.Union([
  Type.Literal('recharge'),
  Type.Literal('consumption'),
  Type.Literal('review-reward'),
]);
export const LedgerRecordsBody = Type.Object({ kind: LedgerRecordKind, page: Page, size: Size });
export const LedgerRecord = Type.Object({
  id: Type.Integer(),
  kind: LedgerRecordKind,
  amountYuan: Type.Number(),
  note: Type.String(),
  refId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Integer(),
});
export type LedgerRecord = Static<typeof LedgerRecord>;
export const LedgerRecordsData = Type.Object({ list: Type.Array(LedgerRecord), total: Type.Integer() });
export type LedgerRecordsData = Static<typeof LedgerRecordsData>;

export const RechargeStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('confirmed'),
  Type.Literal('rejected'),
]);
export type RechargeStatus = Static<typeof RechargeStatus>;
export const RechargeRequestBody = Type.Object({
  amountYuan: Type.Number({ exclusiveMinimum: 0, maximum: MAX_RECHARGE_YUAN }),
  reference: Type.Optional(Type.String({ maxLength: 100 })),
});
export const Recharge = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  amountYuan: Type.Number(),
  provider: Type.String(),
  reference: Type.String(),
  status: RechargeStatus,
  reason: Type.Union([Type.String(), Type.Null()]),
  /** How to pay, from the payment provider, in both languages. */
  instructions: Type.Object({ zh: Type.String(), en: Type.String() }),
  createdAt: Type.Integer(),
  decidedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type Recharge = Static<typeof Recharge>;
export const RechargeListBody = Type.Object({ status: Type.Optional(RechargeStatus), page: Page, size: Size });
export const RechargeListData = Type.Object({ list: Type.Array(Recharge), total: Type.Integer() });
export type RechargeListData = Static<typeof RechargeListData>;
export const RechargeIdBody = Type.Object({ id: Id });
export const RechargeRejectBody = Type.Object({ id: Id, reason: Type.String({ minLength: 1, maxLength: 500 }) });
