import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  checkMaterialInput,
  formBooleanValue,
  type Lang,
  type Material,
  MaterialAnswer,
  type MaterialCategory,
  type MaterialElectrical,
  type MaterialFieldsBody,
  MaterialFieldsBody as MaterialFieldsBodySchema,
  type MaterialInput,
  MaterialListBody,
  MaterialListData,
  type MaterialOpticalSummary,
  MaterialParseNkBody,
  MaterialParseNkData,
  type MaterialProblem,
  MaterialSavedAnswer,
  type MaterialStatus,
  MaterialUpdateBody,
  MaterialUuidBody,
  materialCategoriesOf,
  NK_FILE_MAX_BYTES,
  type NkUnit,
  type OpticalModelSpec,
  parseNkFile,
  ROLE,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import type { MaterialQuery, MaterialRow } from '../db/repositories/materials.js';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { AppError, FieldError } from '../http/errors.js';
import { assetsDir } from '../jobs/assets.js';
import type { Services } from '../services/container.js';
import { readUpload } from '../uploads/multipart.js';

const tags = ['material'];
/** Statuses of a personal material an administrator may read: the ones a review shows them. */
const REVIEW_VISIBLE: readonly string[] = ['pending', 'approved', 'rejected'];

const parseJson = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

/** The stored row as the API's Material; without `withData` a tabulated table is summarised. */
export function presentMaterial(r: MaterialRow, withData = true): Material {
  const optical = parseJson(r.optical) as OpticalModelSpec;
  let shown: OpticalModelSpec | MaterialOpticalSummary = optical;
  if (!withData && optical.kind === 'tabulated') {
    const wl = optical.wavelengthNm;
    shown = { kind: 'tabulated', points: wl.length, rangeNm: [wl[0] ?? 0, wl[wl.length - 1] ?? 0] };
  }
  return {
    uuid: r.uuid,
    key: r.key,
    name: r.name,
    ...(r.name_en ? { nameEn: r.name_en } : {}),
    ...(r.name_zh ? { nameZh: r.name_zh } : {}),
    ...(r.formula ? { formula: r.formula } : {}),
    category: r.category as MaterialCategory,
    optical: shown,
    electrical: parseJson(r.electrical) as MaterialElectrical,
    sources: parseJson(r.sources) as Record<string, string>,
    references: parseJson(r.refs) as Record<string, string>,
    ...(r.notes ? { notes: r.notes } : {}),
    ownerId: r.owner_id === null ? null : Number(r.owner_id),
    status: r.status as MaterialStatus,
    ...(r.contributor_id !== null ? { contributorId: Number(r.contributor_id) } : {}),
    ...(r.origin_uuid ? { originUuid: r.origin_uuid } : {}),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** The row's material fields in the checked shape (the base an update's fields replace). */
function inputOf(r: MaterialRow): Record<string, unknown> {
  return {
    key: r.key,
    name: r.name,
    nameEn: r.name_en,
    formula: r.formula,
    category: r.category,
    optical: parseJson(r.optical),
    electrical: parseJson(r.electrical),
    sources: parseJson(r.sources),
    references: parseJson(r.refs),
    notes: r.notes,
  };
}

/** The columns of a checked material. */
function columnsOf(m: MaterialInput) {
  return {
    key: m.key ?? null,
    name: m.name,
    name_en: m.nameEn ?? null,
    formula: m.formula ?? null,
    category: m.category,
    optical: JSON.stringify(m.optical),
    electrical: JSON.stringify(m.electrical),
    sources: JSON.stringify(m.sources),
    refs: JSON.stringify(m.references),
    notes: m.notes ?? null,
  };
}

let tableIds: ReadonlySet<string> | undefined;
/** The shipped n,k table ids ({kind:'table'} optical models must name one), read once. */
export function shippedTableIds(root = assetsDir()): ReadonlySet<string> {
  if (!tableIds) {
    const index = JSON.parse(readFileSync(join(root, 'data/nk/index.json'), 'utf8')) as { materials: { id: string }[] };
    tableIds = new Set(index.materials.map((m) => m.id));
  }
  return tableIds;
}

const JSON_PARTS = ['optical', 'electrical', 'sources', 'references'] as const;
const TEXT_PARTS = ['key', 'name', 'nameEn', 'formula', 'category', 'notes'] as const;

function invalid(lang: Lang, field: string, messages: { field: string; msg: Record<Lang, string> }[]): AppError {
  const first = messages[0];
  return new AppError(
    '4203',
    { detail: first ? first.msg[lang] : field },
    { field: first?.field ?? field, errors: messages.map((m) => ({ field: m.field, msg: m.msg[lang] })) },
  );
}

/**
 * The material a request describes: the body's fields over `base` (an update keeps what it does
 * not send), JSON parts parsed from text for form posts, then checked whole. Personal materials
 * never carry a key.
 */
function checkedMaterial(
  request: FastifyRequest,
  body: Partial<MaterialFieldsBody>,
  base: Record<string, unknown> | undefined,
  allowKey: boolean,
): { material: MaterialInput; warnings: MaterialProblem[] } {
  const raw: Record<string, unknown> = { ...base };
  for (const f of TEXT_PARTS) if (body[f] !== undefined) raw[f] = body[f];
  for (const f of JSON_PARTS) {
    const v = body[f];
    if (v === undefined) continue;
    if (typeof v === 'string') {
      try {
        raw[f] = JSON.parse(v) as unknown;
      } catch {
        throw invalid(request.lang, f, [
          { field: f, msg: { 'zh-CN': `${f} 不是有效的 JSON`, en: `${f} is not valid JSON` } },
        ]);
      }
    } else raw[f] = v;
  }
  if (!allowKey) delete raw['key'];
  const checked = checkMaterialInput(raw, { knownTables: shippedTableIds() });
  if (!checked.ok) throw invalid(request.lang, '', checked.problems);
  return { material: checked.material, warnings: checked.warnings };
}

/** A saved material's answer: the material, with its implausible values' warnings when it has any. */
function saved(request: FastifyRequest, m: Material, warnings: MaterialProblem[]) {
  return warnings.length ? { ...m, warnings: warnings.map((w) => ({ field: w.field, msg: w.msg[request.lang] })) } : m;
}

/** Decodes an uploaded file: UTF-16 with a byte-order mark (Excel "Unicode text"), else UTF-8. */
function decodeText(buf: Buffer): string {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf);
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf);
  return new TextDecoder('utf-8').decode(buf);
}

const TOO_LARGE = { limit: NK_FILE_MAX_BYTES / (1024 * 1024) };

/** The n,k upload: the multipart `file` (and `type`), or the JSON/form `text` (and `type`). */
async function nkUpload(request: FastifyRequest, body: MaterialParseNkBody): Promise<{ text: string; type?: string }> {
  if (!request.isMultipart()) {
    if (body.text === undefined || body.text === '') throw new AppError('4208', undefined, { field: 'text' });
    if (Buffer.byteLength(body.text, 'utf8') > NK_FILE_MAX_BYTES)
      throw new AppError('4207', TOO_LARGE, { field: 'text' });
    return { text: body.text, ...(body.type ? { type: body.type } : {}) };
  }
  let text: string | undefined;
  let type: string | undefined;
  await readUpload(
    async () => {
      // Per-call limits: this route takes up to 2 MB whatever the app-wide multipart limit is.
      for await (const part of request.parts({ limits: { fileSize: NK_FILE_MAX_BYTES, files: 1, fields: 5 } })) {
        if (part.type === 'file') {
          const buf = await part.toBuffer();
          if (part.fieldname === 'file' || text === undefined) text = decodeText(buf);
        } else if (part.fieldname === 'type' && typeof part.value === 'string') type = part.value;
        else if (part.fieldname === 'text' && typeof part.value === 'string' && text === undefined) text = part.value;
      }
    },
    { tooLarge: () => new AppError('4207', TOO_LARGE, { field: 'file' }), fields: ['file', 'type', 'text'] },
  );
  if (type !== undefined && type !== '' && type !== 'nm' && type !== 'um') throw new FieldError('type', 'enum');
  if (text === undefined || text === '') throw new AppError('4208', undefined, { field: 'file' });
  return { text, ...(type ? { type } : {}) };
}

/**
 * The material library (issue 7, docs/api/library.md "Materials"): the public library (read by
 * every user, managed by administrators) and each user's personal materials. A personal material
 * of someone else answers 4201 "not found", never "forbidden", so uuids cannot be probed.
 */
export function materialRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    // app.ts registers multipart for every route; registered here only if it was not, so this
    // plugin also works on its own.
    if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart);

    function lookup(q: { search?: string; category?: string; cata?: number }) {
      const categories = materialCategoriesOf(q.category, q.cata);
      if (categories === null) throw new FieldError('category', 'enum');
      const search = q.search?.trim();
      return { categories, ...(search ? { search } : {}) };
    }

    /** One page of the public library or of a user's materials, as both list routes answer it. */
    async function listPage(scope: MaterialQuery['scope'], b: MaterialListBody) {
      const page = b.page ?? 1;
      const size = b.size ?? 10;
      const { rows, total } = await s.materials.search({
        scope,
        ...lookup(b),
        offset: (page - 1) * size,
        limit: size,
      });
      const withData = b.withData !== undefined && formBooleanValue(b.withData);
      return { list: rows.map((r) => presentMaterial(r, withData)), total };
    }

    async function publicRow(uuid: string): Promise<MaterialRow> {
      const row = await s.materials.get(uuid);
      if (!row || row.owner_id !== null) throw new AppError('4201');
      return row;
    }

    async function ownRow(request: FastifyRequest, uuid: string): Promise<MaterialRow> {
      const row = await s.materials.get(uuid);
      if (!row || row.owner_id === null || Number(row.owner_id) !== authOf(request).user.id) throw new AppError('4201');
      return row;
    }

    async function keyFree(key: string | null | undefined, except?: string): Promise<void> {
      if (!key) return;
      const other = await s.materials.getByKey(key);
      if (other && other.uuid !== except) throw new AppError('4206', { key });
    }

    app.post(
      '/sys/material/findMaterialLibrary',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'The public material library: search (name, formula, notes), category (or route sub-path perovskite / electrode), cata 1-4, paging; n,k arrays only withData',
          body: MaterialListBody,
          response: { 200: answerOf(MaterialListData) },
        },
      },
      async (request) => success(request, await listPage({ public: true }, request.body)),
    );

    app.post(
      '/sys/material/getMaterial',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A material with all its data: public, or the caller's own (administrators: also ones under review)",
          body: MaterialUuidBody,
          response: { 200: answerOf(MaterialAnswer) },
        },
      },
      async (request) => {
        const row = await s.materials.get(request.body.uuid);
        const me = authOf(request).user;
        const visible =
          row &&
          (row.owner_id === null ||
            Number(row.owner_id) === me.id ||
            (me.role === ROLE.admin && REVIEW_VISIBLE.includes(row.status)));
        if (!row || !visible) throw new AppError('4201');
        return success(request, presentMaterial(row));
      },
    );

    app.post(
      '/sys/material/addMaterialLibrary',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Add a material to the public library (administrators)',
          body: MaterialFieldsBodySchema,
          response: { 200: answerOf(MaterialSavedAnswer) },
        },
      },
      async (request) => {
        const { material: m, warnings } = checkedMaterial(request, request.body, undefined, true);
        await keyFree(m.key);
        const row = await s.materials.insert({ ...columnsOf(m), owner_id: null, status: 'public' });
        return success(request, saved(request, presentMaterial(row), warnings));
      },
    );

    app.post(
      '/sys/material/updateMaterialLibrary',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Change a public material (administrators); fields left out keep their values',
          body: MaterialUpdateBody,
          response: { 200: answerOf(MaterialSavedAnswer) },
        },
      },
      async (request) => {
        const row = await publicRow(request.body.uuid);
        const { material: m, warnings } = checkedMaterial(request, request.body, inputOf(row), true);
        await keyFree(m.key, row.uuid);
        const updated = await s.materials.update(row.uuid, columnsOf(m));
        if (!updated) throw new AppError('4201');
        return success(request, saved(request, presentMaterial(updated), warnings));
      },
    );

    app.post(
      '/sys/material/deleteMaterialLibrary',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            'Delete a public material (administrators); calculations that used it keep their inputs (a calculation stores its full DeviceSpec)',
          body: MaterialUuidBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const row = await publicRow(request.body.uuid);
        await s.materials.delete(row.uuid);
        return success(request, null);
      },
    );

    app.post(
      '/sys/material/parseNk',
      {
        config: { access: 'user' },
        // JSON text of a 2 MB file grows with escaping; the file limit itself is checked below.
        bodyLimit: 3 * NK_FILE_MAX_BYTES,
        schema: {
          tags,
          summary:
            'Check and read an n,k file (multipart: file <= 2 MB, type? nm|um; or JSON/form: text, type?): wavelength, n[, k] columns, strictly increasing wavelengths',
          consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
          body: MaterialParseNkBody,
          response: { 200: answerOf(MaterialParseNkData) },
        },
      },
      async (request) => {
        const upload = await nkUpload(request, request.body);
        const parsed = parseNkFile(upload.text, upload.type as NkUnit | undefined);
        const lang = request.lang;
        if (!parsed.ok)
          throw new AppError(
            '4202',
            { detail: parsed.errors[0]?.msg[lang] ?? '' },
            // the file's problems, by line; the field is the file, or the text sent in its stead
            {
              field: request.isMultipart() ? 'file' : 'text',
              errors: parsed.errors.map((e) => ({ line: e.line, msg: e.msg[lang] })),
            },
          );
        const t = parsed.table;
        return success(request, {
          wavelengthNm: t.wavelengthNm,
          n: t.n,
          k: t.k,
          points: t.points,
          rangeNm: t.rangeNm,
          warnings: t.warnings.map((w) => w.msg[lang]),
        });
      },
    );

    app.post(
      '/sys/materialPersonal/addMaterialPersonal',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Add a material to your personal library (private until reviewed into the public one)',
          body: MaterialFieldsBodySchema,
          response: { 200: answerOf(MaterialSavedAnswer) },
        },
      },
      async (request) => {
        const { material: m, warnings } = checkedMaterial(request, request.body, undefined, false);
        const row = await s.materials.insert({
          ...columnsOf(m),
          key: null,
          owner_id: authOf(request).user.id,
          status: 'private',
        });
        return success(request, saved(request, presentMaterial(row), warnings));
      },
    );

    app.post(
      '/sys/materialPersonal/findMaterialPersonal',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Your personal materials, newest first: search, category, cata, paging',
          body: MaterialListBody,
          response: { 200: answerOf(MaterialListData) },
        },
      },
      async (request) => success(request, await listPage({ ownerId: authOf(request).user.id }, request.body)),
    );

    app.post(
      '/sys/materialPersonal/updateMaterialPersonal',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Change one of your materials (not while pending review); an approved one becomes private again (its public copy stays as approved)',
          body: MaterialUpdateBody,
          response: { 200: answerOf(MaterialSavedAnswer) },
        },
      },
      async (request) => {
        const row = await ownRow(request, request.body.uuid);
        if (row.status === 'pending') throw new AppError('4204');
        const { material: m, warnings } = checkedMaterial(request, request.body, inputOf(row), false);
        // Rejected stays rejected (it can be resubmitted); approved becomes a new private draft.
        const status = row.status === 'approved' ? 'private' : row.status;
        const updated = await s.materials.update(row.uuid, { ...columnsOf(m), key: null, status });
        if (!updated) throw new AppError('4201');
        return success(request, saved(request, presentMaterial(updated), warnings));
      },
    );

    app.post(
      '/sys/materialPersonal/deleteMaterialPersonal',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Delete one of your materials (not while pending review); calculations that used it keep their inputs',
          body: MaterialUuidBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const row = await ownRow(request, request.body.uuid);
        if (row.status === 'pending') throw new AppError('4205');
        await s.materials.delete(row.uuid);
        return success(request, null);
      },
    );
  };
}
