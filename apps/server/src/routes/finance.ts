import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChargeQuote,
  ChargeQuoteBody,
  LedgerRecordsBody,
  LedgerRecordsData,
  PriceList,
  PriceSetBody,
  Recharge,
  RechargeIdBody,
  RechargeListBody,
  RechargeListData,
  RechargeRejectBody,
  RechargeRequestBody,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import { AuditRepository } from '../db/repositories/audit.js';
import { answerOf, authOf, success } from '../http/answer.js';
import { chargedFeatures } from '../services/charged-features.js';
import type { Services } from '../services/container.js';
import { ChargeService, ledgerRecords, RechargeService } from '../services/finance.js';
import { Notifier } from '../services/notifier.js';
import { OfflineTransferProvider } from '../services/payment.js';

/**
 * Finance (issue 14, docs/finance.md): records of each kind and recharge requests (user), prices
 * and the confirmation of recharges (administrator). Balance and income are in library.ts.
 */
export function financeRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const charges = new ChargeService(s.db.kysely, s.db.dialect, s.clock);
    const recharges = new RechargeService(
      s.db.kysely,
      s.clock,
      new OfflineTransferProvider(),
      new Notifier(s.db.kysely, s.clock, app.live),
    );
    const audit = new AuditRepository(s.db.kysely);
    const me = (request: FastifyRequest) => authOf(request).user;
    const tags = ['finance'];

    app.post(
      '/sys/finance/records',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's recharge, consumption or income records, newest first",
          body: LedgerRecordsBody,
          response: { 200: answerOf(LedgerRecordsData) },
        },
      },
      async (request) => {
        const { kind, page = 1, size = 20 } = request.body;
        return success(request, await ledgerRecords(s.db.kysely, me(request).id, kind, { page, size }, request.lang));
      },
    );

    app.post(
      '/sys/finance/prices',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Price per use of each charged feature, in yuan (0: free)',
          response: { 200: answerOf(PriceList) },
        },
      },
      async (request) => success(request, await charges.prices()),
    );

    app.post(
      '/sys/finance/quote',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'What a calculation about to be submitted costs (the rule the submission is charged by): the priced features and their sum, in yuan',
          body: ChargeQuoteBody,
          response: { 200: answerOf(ChargeQuote) },
        },
      },
      async (request) => success(request, await charges.quote(chargedFeatures(request.body))),
    );

    app.post(
      '/sys/finance/prices/set',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Set the price per use of a charged feature, 0-10000 yuan, two decimals (administrator)',
          body: PriceSetBody,
          response: { 200: answerOf(PriceList) },
        },
      },
      async (request) => {
        const r = await charges.setPrice(request.body.feature, request.body.priceYuan);
        await audit.record({
          adminId: me(request).id,
          action: 'finance.price',
          target: request.body.feature,
          detail: String(request.body.priceYuan),
          now: s.clock.now(),
        });
        return success(request, r);
      },
    );

    app.post(
      '/sys/finance/recharge/request',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Ask to recharge; the answer says how to pay (offline bank transfer for now)',
          body: RechargeRequestBody,
          response: { 200: answerOf(Recharge) },
        },
      },
      async (request) =>
        success(request, await recharges.request(me(request).id, request.body.amountYuan, request.body.reference)),
    );

    app.post(
      '/sys/finance/recharge/mine',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's recharge requests, newest first",
          body: RechargeListBody,
          response: { 200: answerOf(RechargeListData) },
        },
      },
      async (request) => {
        const { status, page = 1, size = 20 } = request.body;
        return success(request, await recharges.list({ userId: me(request).id, status }, { page, size }));
      },
    );

    app.post(
      '/sys/finance/recharge/list',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Every recharge request, by state (administrator)',
          body: RechargeListBody,
          response: { 200: answerOf(RechargeListData) },
        },
      },
      async (request) => {
        const { status, page = 1, size = 20 } = request.body;
        return success(request, await recharges.list({ status }, { page, size }));
      },
    );

    app.post(
      '/sys/finance/recharge/confirm',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Confirm that the payment arrived: the balance is credited once, the user told (administrator)',
          body: RechargeIdBody,
          response: { 200: answerOf(Recharge) },
        },
      },
      async (request) => {
        const r = await recharges.confirm(me(request).id, request.body.id);
        await audit.record({
          adminId: me(request).id,
          action: 'finance.recharge-confirm',
          target: `recharge:${r.id}`,
          detail: `${r.amountYuan} user:${r.userId}`,
          now: s.clock.now(),
        });
        return success(request, r);
      },
    );

    app.post(
      '/sys/finance/recharge/reject',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Reject a recharge request with a reason (administrator)',
          body: RechargeRejectBody,
          response: { 200: answerOf(Recharge) },
        },
      },
      async (request) => {
        const r = await recharges.reject(me(request).id, request.body.id, request.body.reason);
        await audit.record({
          adminId: me(request).id,
          action: 'finance.recharge-reject',
          target: `recharge:${r.id}`,
          detail: request.body.reason,
          now: s.clock.now(),
        });
        return success(request, r);
      },
    );
  };
}
