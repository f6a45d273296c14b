import type {
  ChargedFeature,
  ChargeQuote,
  ChargeQuoteBody,
  LedgerRecordsData,
  PriceList,
  Recharge,
  RechargeListData,
  RechargeStatus,
} from '@pvforge/contracts';
import { call } from './client';

/** Finance calls (docs/finance.md); balance and income are in library.ts. */
export const financeApi = {
  records: (kind: 'recharge' | 'consumption', page: number, size: number) =>
    call<LedgerRecordsData>('/sys/finance/records', { body: { kind, page, size } }),
  prices: () => call<PriceList>('/sys/finance/prices', { body: {} }),
  quote: (what: ChargeQuoteBody) => call<ChargeQuote>('/sys/finance/quote', { body: what }),
  setPrice: (feature: ChargedFeature, priceYuan: number) =>
    call<PriceList>('/sys/finance/prices/set', { body: { feature, priceYuan } }),
  requestRecharge: (amountYuan: number, reference: string) =>
    call<Recharge>('/sys/finance/recharge/request', { body: { amountYuan, reference } }),
  myRecharges: (page: number, size: number) =>
    call<RechargeListData>('/sys/finance/recharge/mine', { body: { page, size } }),
  allRecharges: (status: RechargeStatus | undefined, page: number, size: number) =>
    call<RechargeListData>('/sys/finance/recharge/list', { body: { page, size, ...(status ? { status } : {}) } }),
  confirm: (id: number) => call<Recharge>('/sys/finance/recharge/confirm', { body: { id } }),
  reject: (id: number, reason: string) => call<Recharge>('/sys/finance/recharge/reject', { body: { id, reason } }),
};
