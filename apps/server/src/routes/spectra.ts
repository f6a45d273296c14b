import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SpectrumCreateBody, SpectrumDetail, SpectrumIdBody, SpectrumListData } from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import type { Services } from '../services/container.js';
import { SpectraService } from '../services/spectra.js';

/**
 * Custom incident spectra of the personal library (issue 16, docs/spectra.md). Logged-in users
 * list, upload, read and delete their own; an administrator may read and delete any; anyone else
 * is answered "no such spectrum" (4401).
 */
export function spectraRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const spectra = new SpectraService(s.db.kysely, s.clock);
    const tags = ['spectra'];
    const me = (request: FastifyRequest) => authOf(request).user;

    app.post(
      '/sys/spectrum/list',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's custom spectra, newest first (no data arrays)",
          body: Type.Object({}),
          response: { 200: answerOf(SpectrumListData) },
        },
      },
      async (request) => success(request, { list: await spectra.list(me(request)) }),
    );

    app.post(
      '/sys/spectrum/create',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Upload a two-column spectrum file with its units; kept in nm and W m^-2 nm^-1',
          body: SpectrumCreateBody,
          response: { 200: answerOf(Type.Object({ id: Type.Integer() })) },
        },
      },
      async (request) => success(request, { id: await spectra.create(me(request), request.body, request.lang) }),
    );

    app.post(
      '/sys/spectrum/get',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'A spectrum with its data (its owner or an administrator)',
          body: SpectrumIdBody,
          response: { 200: answerOf(SpectrumDetail) },
        },
      },
      async (request) => success(request, await spectra.get(me(request), request.body.id)),
    );

    app.post(
      '/sys/spectrum/delete',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a spectrum (its owner or an administrator)',
          body: SpectrumIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await spectra.remove(me(request), request.body.id);
        return success(request, null);
      },
    );
  };
}
