import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CHARGED_FEATURES,
  Device,
  DeviceFindPersonalBody,
  DeviceFindPublicBody,
  DeviceIdBody,
  DeviceImportBody,
  DeviceListData,
  DeviceSaveBody,
  DeviceUpdateBody,
  FinanceBalance,
  formBooleanValue,
  IncomeListBody,
  IncomeListData,
  MsgListBody,
  MsgListData,
  MsgReadBody,
  Review,
  ReviewIdBody,
  ReviewListBody,
  ReviewListData,
  ReviewMineBody,
  ReviewRejectBody,
  ReviewRunData,
  ReviewSubmitBody,
  ROLE,
  SettingsSetBody,
  SystemSettings,
} from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import { MessagesRepository } from '../db/repositories/library.js';
import { MaterialsRepository } from '../db/repositories/materials.js';
import { contentDisposition } from '../export/index.js';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { AppError, FieldError } from '../http/errors.js';
import { firstUnstorable } from '../http/input-rules.js';
import type { Services } from '../services/container.js';
import { ChargeService } from '../services/finance.js';
import {
  DeviceLibraryService,
  FinanceService,
  type MaterialPublisherFactory,
  presentMessage,
  ReviewService,
  SettingsService,
} from '../services/library.js';
import { reviewRun } from '../services/review-run.js';
import { readUpload } from '../uploads/multipart.js';

/** Import is a charged feature (spec §1; docs/finance.md): its price is 0 until an administrator sets one. */
const IMPORT_FEATURE = CHARGED_FEATURES.libraryImport;

/** A device file past the upload limit (the app's body limit), told in the caller's language. */
function fileTooLarge(limitBytes: number): AppError {
  const mb = Math.round((limitBytes / (1024 * 1024)) * 10) / 10;
  const words = { 'zh-CN': `文件超过 ${mb} MB`, en: `the file is larger than ${mb} MB` } as const;
  return new AppError('4308', { detail: words.en }, { field: 'file', errors: [`file: ${words.en}`] }, (lang) => ({
    detail: words[lang],
  }));
}

/** A multipart upload's file and text fields (the first file only; fields sent before it). */
async function uploadOf(
  request: FastifyRequest,
  limitBytes: number,
): Promise<{ file?: Buffer; fields: Record<string, string> }> {
  return readUpload(
    async () => {
      const part = await request.file();
      if (!part) return { fields: {} };
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(part.fields)) {
        const f = Array.isArray(v) ? v[0] : v;
        if (f && f.type === 'field' && typeof f.value === 'string') fields[k] = f.value;
      }
      // Multipart fields skip the schema and its shared input rules (http/input-rules.ts): the same rule here.
      const unstorable = firstUnstorable(fields, '');
      if (unstorable) throw new FieldError(unstorable.field, unstorable.rule);
      return { file: await part.toBuffer(), fields };
    },
    { tooLarge: () => fileTooLarge(limitBytes), fields: ['file', 'spec', 'name', 'description'] },
  );
}

/**
 * Device libraries, review into the public library, in-site messages, finance and system
 * settings (issue 7, docs/api/library.md). Every route needs a logged-in user; deciding reviews
 * and the settings need an administrator.
 */
export function libraryRoutes(s: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Approvals copy materials inside their own transaction: the repository is built on it.
    const materials: MaterialPublisherFactory = (trx) => new MaterialsRepository(trx, s.clock);
    const db = s.db.kysely;
    const settings = new SettingsService(db);
    const devices = new DeviceLibraryService(db, s.devices, s.calculations, s.clock);
    const reviews = new ReviewService(db, settings, s.clock, materials);
    const finance = new FinanceService(db);
    const messages = new MessagesRepository(db);
    const uid = (request: FastifyRequest) => authOf(request).user.id;
    const charges = new ChargeService(db, s.db.dialect, s.clock);

    // --- Device libraries ------------------------------------------------------------------------
    let tags = ['device'];
    app.post(
      '/sys/device/findPublic',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The public device library (list rows without the DeviceSpec), search by name or description',
          body: DeviceFindPublicBody,
          response: { 200: answerOf(DeviceListData) },
        },
      },
      async (request) => {
        const { kind, search, page = 1, size = 10 } = request.body;
        return success(request, await devices.findPublic({ kind, search, page, size }));
      },
    );

    app.post(
      '/sys/device/findPersonal',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's personal device library, by kind, status and search text",
          body: DeviceFindPersonalBody,
          response: { 200: answerOf(DeviceListData) },
        },
      },
      async (request) => {
        const { kind, search, status, page = 1, size = 10 } = request.body;
        return success(request, await devices.findPersonal(uid(request), { kind, search, status, page, size }));
      },
    );

    app.post(
      '/sys/device/get',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "One device with its DeviceSpec: a public one, or one of the caller's own (administrators: also ones under review)",
          body: DeviceIdBody,
          response: { 200: answerOf(Device) },
        },
      },
      async (request) => {
        const me = authOf(request).user;
        return success(request, await devices.get(me.id, request.body.id, me.role === ROLE.admin));
      },
    );

    app.post(
      '/sys/device/save',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "Save a DeviceSpec (`spec`) or the input of one of the caller's calculations (`calcId`) as a private device",
          body: DeviceSaveBody,
          response: { 200: answerOf(Device) },
        },
      },
      async (request) => success(request, await devices.save(uid(request), request.body)),
    );

    app.post(
      '/sys/device/copy',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "Copy a public device, or one of the caller's own, into the caller's personal library with its description, references, citation and notes",
          body: DeviceIdBody,
          response: { 200: answerOf(Device) },
        },
      },
      async (request) => success(request, await devices.copy(uid(request), request.body.id)),
    );

    app.post(
      '/sys/device/update',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Change an own device (not while it is under review)',
          body: DeviceUpdateBody,
          response: { 200: answerOf(Device) },
        },
      },
      async (request) => success(request, await devices.update(uid(request), request.body)),
    );

    app.post(
      '/sys/device/delete',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete an own device; calculations that used it keep their full input',
          body: DeviceIdBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await devices.delete(uid(request), request.body.id);
        return success(request, null);
      },
    );

    app.post(
      '/sys/device/import',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `Import a device: multipart \`file\` (a .device.json DeviceSpec) or a \`spec\` field. Charged feature "${IMPORT_FEATURE}" (price 0: free; refused with 4901 when the balance is short)`,
          consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
          body: DeviceImportBody,
          response: { 200: answerOf(Device) },
        },
      },
      async (request) => {
        const userId = uid(request);
        let input: Parameters<DeviceLibraryService['import']>[1];
        if (request.isMultipart()) {
          // the app-wide file limit of multipart uploads is its body limit (app.ts)
          const { file, fields } = await uploadOf(request, app.initialConfig.bodyLimit ?? 1024 * 1024);
          input = {
            ...(file ? { file } : {}),
            ...(fields['spec'] !== undefined ? { spec: fields['spec'] } : {}),
            name: fields['name']?.slice(0, 100),
            description: fields['description']?.slice(0, 2000),
          };
        } else {
          const { spec, name, description } = request.body;
          input = { spec, name, description };
        }
        // Charged like efficiency-loss quantification (docs/finance.md): a clear refusal before
        // anything is written, the charge once the device exists, and the device removed again
        // should a concurrent charge have emptied the balance meanwhile.
        await charges.ensureAffordable(userId, IMPORT_FEATURE);
        const device = await devices.import(userId, input);
        try {
          await charges.charge(
            userId,
            IMPORT_FEATURE,
            `device:${device.id}`,
            `${device.id} ${device.name.slice(0, 80)}`,
          );
        } catch (err) {
          await devices.delete(userId, device.id);
          throw err;
        }
        return success(request, device);
      },
    );

    app.post(
      '/sys/device/export',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Binary answer: the device as a `<name>.device.json` attachment: its DeviceSpec, or {spec, references, notes} when it has DOIs or notes (importable again)',
          body: DeviceIdBody,
        },
      },
      async (request, reply) => {
        const file = await devices.export(uid(request), request.body.id);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', contentDisposition(file.filename))
          .send(file.body);
      },
    );

    // --- Review into the public library --------------------------------------------------------
    tags = ['review'];
    app.post(
      '/sys/review/submit',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Submit an own material or device for review into the public library; the item becomes pending',
          body: ReviewSubmitBody,
          response: { 200: answerOf(Review) },
        },
      },
      async (request) => {
        const { itemType, itemId, note } = request.body;
        return success(request, await reviews.submit(uid(request), itemType, itemId, note));
      },
    );

    app.post(
      '/sys/review/mine',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's reviews, newest first",
          body: ReviewMineBody,
          response: { 200: answerOf(ReviewListData) },
        },
      },
      async (request) => {
        const { page = 1, size = 10 } = request.body;
        return success(request, await reviews.mine(uid(request), { page, size }));
      },
    );

    app.post(
      '/sys/review/list',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'All reviews (administrator), by status, with item name and owner',
          body: ReviewListBody,
          response: { 200: answerOf(ReviewListData) },
        },
      },
      async (request) => {
        const { status, page = 1, size = 10 } = request.body;
        return success(request, await reviews.list(status, { page, size }));
      },
    );

    app.post(
      '/sys/review/run',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            "A submitted device's run for the reviewer (administrator): the submitter's newest optical or electrical calculation of exactly this device, else the one it was saved from; null when none",
          body: ReviewIdBody,
          response: { 200: answerOf(ReviewRunData) },
        },
      },
      async (request) => success(request, { run: await reviewRun(db, s.calculations, request.body.id) }),
    );

    app.post(
      '/sys/review/approve',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            'Approve (administrator): a public copy with a new ID, the item approved, the reward credited, the owner told',
          body: ReviewIdBody,
          response: { 200: answerOf(Review) },
        },
      },
      async (request) => success(request, await reviews.approve(uid(request), request.body.id)),
    );

    app.post(
      '/sys/review/reject',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            'Reject with a reason (administrator): the item becomes rejected (editable, resubmittable), the owner told why',
          body: ReviewRejectBody,
          response: { 200: answerOf(Review) },
        },
      },
      async (request) => success(request, await reviews.reject(uid(request), request.body.id, request.body.reason)),
    );

    // --- In-site messages ----------------------------------------------------------------------
    tags = ['message'];
    app.post(
      '/sys/msg/list',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's in-site messages, newest first, with the unread count",
          body: MsgListBody,
          response: { 200: answerOf(MsgListData) },
        },
      },
      async (request) => {
        const { page = 1, size = 10, unread } = request.body;
        const r = await messages.list(uid(request), { page, size, unreadOnly: formBooleanValue(unread) });
        return success(request, { list: r.list.map(presentMessage), total: r.total, unread: r.unread });
      },
    );

    app.post(
      '/sys/msg/read',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Mark one own message (`id`) or all (`all: true`) read',
          body: MsgReadBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        const userId = uid(request);
        const now = s.clock.now();
        if (formBooleanValue(request.body.all)) await messages.markAllRead(userId, now);
        else if (request.body.id !== undefined) {
          if (!(await messages.markRead(userId, request.body.id, now))) throw new AppError('4312');
        } else throw new AppError('4315', undefined, { field: 'id' });
        return success(request, null);
      },
    );

    // --- Finance ---------------------------------------------------------------------------------
    tags = ['finance'];
    app.post(
      '/sys/finance/balance',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's balance = income + recharge - consumption, in yuan",
          response: { 200: answerOf(FinanceBalance) },
        },
      },
      async (request) => success(request, await finance.balance(uid(request))),
    );

    app.post(
      '/sys/finance/income',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's income records (review rewards), newest first",
          body: IncomeListBody,
          response: { 200: answerOf(IncomeListData) },
        },
      },
      async (request) => {
        const { page = 1, size = 10 } = request.body;
        return success(request, await finance.income(uid(request), { page, size }));
      },
    );

    // --- System settings -----------------------------------------------------------------------
    tags = ['settings'];
    app.post(
      '/sys/settings/get',
      {
        config: { access: 'admin' },
        schema: { tags, summary: 'System settings (administrator)', response: { 200: answerOf(SystemSettings) } },
      },
      async (request) => success(request, await settings.get()),
    );

    app.post(
      '/sys/settings/set',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Set the reward of an approved contribution, 0-10000 yuan with at most two decimals (administrator)',
          body: SettingsSetBody,
          response: { 200: answerOf(SystemSettings) },
        },
      },
      async (request) => success(request, await settings.set(request.body.reviewRewardYuan)),
    );
  };
}
