import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DB_INT_MAX,
  Institution,
  InstitutionListData,
  InstitutionSaveBody,
  PARTNER_LOGO_KEY_PATTERN,
  Partner,
  PartnerListData,
  PartnerSaveBody,
  SITE_LIMITS,
  SiteContact,
  SiteIdBody,
  SiteReorderBody,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { AuditRepository } from '../db/repositories/audit.js';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { AppError, FieldError } from '../http/errors.js';
import type { Services } from '../services/container.js';
import { ContactService, InstitutionService, LOGO_REFUSALS, PartnerService } from '../services/site-admin.js';
import { readUpload } from '../uploads/multipart.js';

/**
 * The logo upload: multipart with an `id` field before the `file`; refused with 4953 (naming
 * `file`) when not an image or too big, and with 1001 naming `id` when that is not a partner's id.
 */
async function logoUpload(request: FastifyRequest): Promise<{ id: number; bytes: Buffer }> {
  const refuse = (r: keyof typeof LOGO_REFUSALS) =>
    new AppError('4953', { detail: LOGO_REFUSALS[r][request.lang] }, { field: 'file' });
  if (!request.isMultipart()) throw refuse('empty');
  return readUpload(
    async () => {
      const part = await request.file({ limits: { fileSize: SITE_LIMITS.logoMaxBytes, files: 1, fields: 2 } });
      if (!part) throw refuse('empty');
      const field = part.fields['id'];
      const raw = (Array.isArray(field) ? field[0] : field) as { type?: string; value?: unknown } | undefined;
      const text = raw?.type === 'field' && typeof raw.value === 'string' ? raw.value.trim() : '';
      const bytes = await part.toBuffer();
      if (text === '') throw new FieldError('id', 'required');
      // an id beyond an integer column's range names no partner (and would overflow PostgreSQL's column)
      const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(id) || id < 1 || id > DB_INT_MAX) throw new FieldError('id', 'format');
      return { id, bytes };
    },
    { tooLarge: () => refuse('too-large'), fields: ['id', 'file'] },
  );
}

/**
 * Institutions, partner logos and the contact fields (issue 14 and 16, docs/administration.md).
 * Reading is public (the home page, the registration form, the live connection's give-up message);
 * every change needs an administrator and goes to the audit log.
 */
export function siteAdminRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const institutions = new InstitutionService(s.db.kysely, s.clock);
    const partners = new PartnerService(s.db.kysely, s.clock);
    const contact = new ContactService(s.db.kysely);
    const audit = new AuditRepository(s.db.kysely);
    const tags = ['site'];
    const log = (request: FastifyRequest, action: string, target: string, detail = '') =>
      audit.record({ adminId: authOf(request).user.id, action, target, detail, now: s.clock.now() });

    // --- public reads ---------------------------------------------------------------------------
    app.get(
      '/sys/site/institutions',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Institutions, in order', response: { 200: answerOf(InstitutionListData) } },
      },
      async (request) => success(request, { list: await institutions.list() }),
    );

    app.get(
      '/sys/site/partners',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Partners ("our customers") with their logo addresses, in order',
          response: { 200: answerOf(PartnerListData) },
        },
      },
      async (request) => success(request, { list: await partners.list() }),
    );

    app.get(
      '/sys/partner/logo/:key',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A partner's logo, by the key in its logoUrl (a new key with each upload)",
          params: Type.Object({ key: Type.String({ pattern: PARTNER_LOGO_KEY_PATTERN }) }),
        },
      },
      async (request, reply) => {
        const img = await partners.logo(request.params.key);
        if (!img) throw new AppError('4004');
        return reply
          .header('content-type', img.mime)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          .send(img.bytes);
      },
    );

    app.get(
      '/sys/site/contact',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Contact fields of the home page and the give-up message (empty: not shown)',
          response: { 200: answerOf(SiteContact) },
        },
      },
      async (request) => success(request, await contact.get()),
    );

    // --- administration -------------------------------------------------------------------------
    app.post(
      '/sys/admin/institution/save',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Add (no id) or edit an institution (administrator)',
          body: InstitutionSaveBody,
          response: { 200: answerOf(Institution) },
        },
      },
      async (request) => {
        const r = await institutions.save(request.body);
        await log(
          request,
          request.body.id ? 'site.institution-edit' : 'site.institution-add',
          `institution:${r.id}`,
          r.nameZh,
        );
        return success(request, r);
      },
    );

    app.post(
      '/sys/admin/institution/delete',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete an institution (administrator)',
          body: SiteIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const r = await institutions.delete(request.body.id);
        await log(request, 'site.institution-delete', `institution:${r.id}`, r.nameZh);
        return success(request, null);
      },
    );

    app.post(
      '/sys/admin/institution/reorder',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Put the institutions in a new order: every id once (administrator)',
          body: SiteReorderBody,
          response: { 200: answerOf(InstitutionListData) },
        },
      },
      async (request) => {
        await institutions.reorder(request.body.ids);
        await log(request, 'site.institution-reorder', 'institutions', request.body.ids.join(','));
        return success(request, { list: await institutions.list() });
      },
    );

    app.post(
      '/sys/admin/partner/save',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Add (no id) or edit a partner; the logo is uploaded separately (administrator)',
          body: PartnerSaveBody,
          response: { 200: answerOf(Partner) },
        },
      },
      async (request) => {
        const r = await partners.save(request.body);
        await log(request, request.body.id ? 'site.partner-edit' : 'site.partner-add', `partner:${r.id}`, r.nameZh);
        return success(request, r);
      },
    );

    app.post(
      '/sys/admin/partner/logo',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `Upload a partner's logo (multipart: \`id\`, then \`file\`): PNG, JPEG, GIF or WebP, at most ${SITE_LIMITS.logoMaxBytes / 1024} KB, ${SITE_LIMITS.logoMaxSidePx} px a side (administrator)`,
          consumes: ['multipart/form-data'],
          response: { 200: answerOf(Partner) },
        },
      },
      async (request) => {
        const { id, bytes } = await logoUpload(request);
        const r = await partners.setLogo(id, bytes, request.lang);
        await log(request, 'site.partner-logo', `partner:${r.id}`, `${bytes.length} bytes`);
        return success(request, r);
      },
    );

    app.post(
      '/sys/admin/partner/delete',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete a partner and its logo (administrator)',
          body: SiteIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const r = await partners.delete(request.body.id);
        await log(request, 'site.partner-delete', `partner:${r.id}`, r.nameZh);
        return success(request, null);
      },
    );

    app.post(
      '/sys/admin/partner/reorder',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Put the partners in a new order: every id once (administrator)',
          body: SiteReorderBody,
          response: { 200: answerOf(PartnerListData) },
        },
      },
      async (request) => {
        await partners.reorder(request.body.ids);
        await log(request, 'site.partner-reorder', 'partners', request.body.ids.join(','));
        return success(request, { list: await partners.list() });
      },
    );

    app.post(
      '/sys/admin/contact/set',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Set the contact fields shown on the home page and in the give-up message (administrator)',
          body: SiteContact,
          response: { 200: answerOf(SiteContact) },
        },
      },
      async (request) => {
        const r = await contact.set(request.body);
        await log(request, 'site.contact', 'contact', JSON.stringify(r));
        return success(request, r);
      },
    );
  };
}
