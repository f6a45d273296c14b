import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ValidationReportAnswer } from '@pvforge/contracts';
import { answerOf, success } from '../http/answer.js';
import { ValidationReportCache } from '../validation/report-cache.js';

/**
 * GET /calc/sys/validation/report (public): every public benchmark case run by the engine that
 * serves this answer. The report the build wrote (`storedFile`, same engine version) is answered at
 * once; the first call also starts this process's own run on a worker thread, which replaces it.
 * Without a stored report the answer is {state: 'computing', done, total} until then, and the page polls.
 */
export function validationRoutes(cache?: ValidationReportCache, storedFile?: string): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reports =
      cache ?? new ValidationReportCache((err) => app.log.error({ err }, 'validation report failed'), storedFile);
    app.addHook('onClose', async () => reports.close());
    app.get(
      '/sys/validation/report',
      {
        config: { access: 'public' },
        schema: {
          tags: ['site'],
          summary:
            'The public benchmark cases run by this engine version: source, tolerance, deviation, pass/fail and overlay curves per case',
          response: { 200: answerOf(ValidationReportAnswer) },
        },
      },
      async (request) => success(request, reports.answer()),
    );
  };
}
