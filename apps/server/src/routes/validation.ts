import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ValidationReportAnswer } from '@pvforge/contracts';
import { answerOf, success } from '../http/answer.js';
import { ValidationReportCache } from '../validation/report-cache.js';

/**
 * GET /calc/sys/validation/report (public): every public benchmark case run by the engine that
 * serves this answer. The first call starts the run on a worker thread; until it is done the
 * answer is {state: 'computing', done, total} and the page polls.
 */
export function validationRoutes(cache?: ValidationReportCache): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reports = cache ?? new ValidationReportCache((err) => app.log.error({ err }, 'validation report failed'));
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
