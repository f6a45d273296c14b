import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FaqListData,
  HealthData,
  NewsDetailQuery,
  NewsItem,
  NewsListData,
  NewsListQuery,
  PVFORGE_VERSION,
  STAT_COUNTERS,
  StatData,
} from '@pvforge/contracts';
import { sql } from 'kysely';
import { answerOf, success } from '../http/answer.js';
import { AppError } from '../http/errors.js';
import { presentFaq, presentNews } from '../presenters/content.js';
import type { Services } from '../services/container.js';

/** The public site's data: counters, news, FAQ, health. */
export function siteRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/sys/stat/all',
      {
        config: { access: 'public' },
        schema: {
          tags: ['site'],
          summary: 'Eight live platform counters, in the order of data.names',
          response: { 200: answerOf(StatData) },
        },
      },
      async (request) => {
        const counts = await s.stats.counts();
        return success(request, { data: STAT_COUNTERS.map((name) => counts[name]), names: [...STAT_COUNTERS] });
      },
    );

    app.get(
      '/sys/news/list',
      {
        config: { access: 'public' },
        schema: {
          tags: ['site'],
          summary: 'News and achievements, newest first',
          querystring: NewsListQuery,
          response: { 200: answerOf(NewsListData) },
        },
      },
      async (request) => {
        const page = request.query.page ?? 1;
        const size = request.query.size ?? 10;
        const { rows, total } = await s.content.newsPage((page - 1) * size, size);
        return success(request, { list: rows.map(presentNews), total });
      },
    );

    app.get(
      '/sys/news/detail',
      {
        config: { access: 'public' },
        schema: {
          tags: ['site'],
          summary: 'One news item',
          querystring: NewsDetailQuery,
          response: { 200: answerOf(NewsItem) },
        },
      },
      async (request) => {
        const row = await s.content.newsById(request.query.id);
        if (!row) throw new AppError('4004');
        return success(request, presentNews(row));
      },
    );

    app.get(
      '/sys/faq/list',
      {
        config: { access: 'public' },
        schema: { tags: ['site'], summary: 'Help: the FAQ entries in order', response: { 200: answerOf(FaqListData) } },
      },
      async (request) => {
        const rows = await s.content.faq();
        return success(request, { list: rows.map(presentFaq) });
      },
    );

    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: { tags: ['site'], summary: 'The database answers', response: { 200: answerOf(HealthData) } },
      },
      async (request) => {
        try {
          await sql`select 1`.execute(s.db.kysely);
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          throw new AppError('5001');
        }
        return success(request, { db: 'ok' as const, dialect: s.db.dialect, version: PVFORGE_VERSION });
      },
    );
  };
}
