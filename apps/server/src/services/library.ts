import { randomBytes } from 'node:crypto';
import {
  checkDeviceSpec,
  DEFAULT_REVIEW_REWARD_YUAN,
  type Device,
  type DeviceListItem,
  type DeviceSpec,
  deviceFileBody,
  deviceFileParts,
  type FinanceBalance,
  fenToYuan,
  type IncomeItem,
  type LibraryStatus,
  localizeCheckMessage,
  MAX_DEVICE_NOTES,
  MAX_DEVICE_REFERENCES,
  normalizeDoi,
  type Review,
  type ReviewItemType,
  type ReviewStatus,
  type SiteMessage,
  yuanToFen,
} from '@pvforge/contracts';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { CalculationsRepository } from '../db/repositories/calculations.js';
import { type DeviceListRow, type DeviceRow, DevicesRepository } from '../db/repositories/devices.js';
import {
  LedgerRepository,
  type LedgerRow,
  type MessageRow,
  MessagesRepository,
  type ReviewRow,
  ReviewsRepository,
  SettingsRepository,
} from '../db/repositories/library.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError, FieldError } from '../http/errors.js';
import { firstUnstorable } from '../http/input-rules.js';
import { isSweepInput } from '../jobs/sweep.js';

/** A 32-character device ID: 16 random bytes in lower-case hex (spec §3). */
export function newDeviceId(): string {
  return randomBytes(16).toString('hex');
}

/** 'elec' when the spec has an electrical block (docs/api/library.md), else 'opt'. */
export function deviceKindOf(spec: DeviceSpec): 'opt' | 'elec' {
  return spec.electrical ? 'elec' : 'opt';
}

/** What the public library needs from the material library: a public copy of a personal material. */
export interface MaterialPublisher {
  /** Copies the material into the public library, contributed by `contributorId`; answers the new uuid. */
  copyToPublic(uuid: string, contributorId: number): Promise<string>;
}
export type MaterialPublisherFactory = (db: Kysely<Database>) => MaterialPublisher;

function presentListRow(r: DeviceListRow | DeviceRow, ownerName?: string | null): DeviceListItem {
  const name = ownerName ?? ('owner_name' in r ? r.owner_name : null);
  const isPublic = r.status === 'public';
  return {
    id: r.id,
    kind: r.kind as 'opt' | 'elec',
    name: r.name,
    ...(r.description ? { description: r.description } : {}),
    ...(r.name_zh ? { nameZh: r.name_zh } : {}),
    ...(r.name_en ? { nameEn: r.name_en } : {}),
    ...(r.description_zh ? { descriptionZh: r.description_zh } : {}),
    ...(r.description_en ? { descriptionEn: r.description_en } : {}),
    ...(r.citation ? { citation: r.citation } : {}),
    references: referencesOf(r.reference_dois),
    ...(r.notes ? { notes: r.notes } : {}),
    // The public library belongs to nobody; its entries name their contributor instead.
    ownerId: isPublic ? null : r.user_id,
    ...(name ? { ownerName: name } : {}),
    ...(isPublic ? { contributorId: r.contributor_id ?? null } : { sourceCalcId: r.source_calc_id ?? null }),
    status: r.status as LibraryStatus,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** The stored JSON array of DOIs; anything else (never written) reads as none. */
function referencesOf(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const v = JSON.parse(stored) as unknown;
    return Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The DOIs a user gave, bare and without repeats, as stored (JSON text, null when none); the first
 * one that is not a DOI is refused by name (4316), so nothing is stored half-checked.
 */
export function storedReferences(raw: readonly string[]): string | null {
  const dois: string[] = [];
  raw.forEach((r, i) => {
    const doi = normalizeDoi(r);
    if (!doi)
      throw new AppError(
        '4316',
        { doi: r.trim().slice(0, 100) },
        { field: `references[${i}]`, errors: [`references[${i}]: not a DOI`] },
      );
    // DOIs are case-insensitive (DOI handbook §2.4): one entry per DOI.
    if (!dois.some((d) => d.toLowerCase() === doi.toLowerCase())) dois.push(doi);
  });
  return dois.length ? JSON.stringify(dois) : null;
}

type LanguageTexts = Pick<DeviceRow, 'name_zh' | 'name_en' | 'description_zh' | 'description_en'>;

/** A device's per-language name and description, as a copy of it keeps them. */
function languageTexts(r: LanguageTexts): LanguageTexts {
  return { name_zh: r.name_zh, name_en: r.name_en, description_zh: r.description_zh, description_en: r.description_en };
}

export function presentDevice(r: DeviceRow): Device {
  return { ...presentListRow(r), spec: r.spec ? (JSON.parse(r.spec) as unknown) : null };
}

export { presentListRow as presentDeviceListItem };

/** A DeviceSpec from a body field: an object, or its JSON text (form posts). */
function specOf(raw: unknown, code: '4308' | '4309', field: string): DeviceSpec {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw notJson(code, field);
    }
  }
  const checked = checkDeviceSpec(value);
  if (!checked.ok) {
    const first = checked.issues[0];
    throw new AppError(
      code,
      { detail: checked.errors[0] ?? field },
      { field, errors: checked.errors, issues: checked.issues },
      (lang) => ({ detail: first ? localizeCheckMessage(first, lang) : field }),
    );
  }
  return checked.spec;
}

const NOT_JSON = { 'zh-CN': '不是有效的 JSON', en: 'not valid JSON' } as const;
const NO_FILE = { 'zh-CN': '未选择文件', en: 'no file' } as const;

/** A device field or file that is not JSON, told in the caller's language. */
function notJson(code: '4308' | '4309', field: string): AppError {
  return new AppError(
    code,
    { detail: `${field}: ${NOT_JSON.en}` },
    { field, errors: [`${field}: ${NOT_JSON.en}`] },
    (lang) => ({ detail: `${field === 'file' ? '' : `${field}: `}${NOT_JSON[lang]}` }),
  );
}

/** A name safe in a file name: path separators and control characters out, never empty. */
export function deviceFileName(name: string): string {
  const safe = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .slice(0, 100);
  return `${safe || 'device'}.device.json`;
}

/**
 * The device libraries (docs/api/library.md "Device libraries"). Owner checks answer 4301 "no such
 * device" to anyone else, never "forbidden", so an ID cannot be probed.
 */
export class DeviceLibraryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly devices: DevicesRepository,
    private readonly calculations: CalculationsRepository,
    private readonly clock: Clock,
  ) {}

  async findPublic(q: { kind?: string | undefined; search?: string | undefined; page: number; size: number }) {
    const r = await this.devices.findPublic(q);
    return { list: r.list.map((row) => presentListRow(row)), total: r.total };
  }

  async findPersonal(
    userId: number,
    q: {
      kind?: string | undefined;
      search?: string | undefined;
      status?: string | undefined;
      page: number;
      size: number;
    },
  ) {
    const r = await this.devices.findPersonal(userId, q);
    return { list: r.list.map((row) => presentListRow(row)), total: r.total };
  }

  async get(userId: number, id: string, reviewer = false): Promise<Device> {
    const row = await this.devices.getVisible(id, userId, reviewer);
    if (!row) throw new AppError('4301');
    return presentDevice(row);
  }

  /** Saves a DeviceSpec, or the input of one of the caller's optical or electrical calculations. */
  async save(
    userId: number,
    body: {
      name?: string | undefined;
      description?: string | undefined;
      references?: string[] | undefined;
      notes?: string | undefined;
      spec?: unknown;
      calcId?: number | undefined;
    },
  ): Promise<Device> {
    // Checked before anything else is looked up: a bad DOI is the caller's to fix whatever the rest.
    const cite = { reference_dois: storedReferences(body.references ?? []), notes: body.notes?.trim() || null };
    let spec: DeviceSpec;
    let sourceCalcId: number | null = null;
    if (body.spec !== undefined) spec = specOf(body.spec, '4309', 'spec');
    else if (body.calcId !== undefined) {
      const rec = await this.calculations.recordOf(body.calcId, userId);
      if (!rec) throw new AppError('4101');
      if (rec.kind !== 'opt' && rec.kind !== 'elec') throw new AppError('4311');
      let input = await this.calculations.input(rec.id);
      // A sweep stores its base device next to the varied parameters: that device is what is saved.
      if (isSweepInput(input)) input = input.device;
      spec = specOf(input, '4309', 'calcId');
      sourceCalcId = rec.id;
    } else throw new AppError('4314', undefined, { field: 'spec' });
    return this.insertPersonal(userId, spec, body.name, body.description, sourceCalcId, cite);
  }

  /**
   * A copy of a device the caller may see (a public one, or one of their own) in their personal
   * library, with its description, references (DOIs), citation and notes (issue 29: a copy kept
   * none of them), and its name and description in both languages.
   */
  async copy(userId: number, id: string): Promise<Device> {
    const row = await this.devices.getVisible(id, userId, false);
    if (!row?.spec) throw new AppError('4301');
    const spec = specOf(JSON.parse(row.spec) as unknown, '4309', 'id');
    return this.insertPersonal(userId, spec, row.name, row.description ?? undefined, null, {
      reference_dois: row.reference_dois,
      notes: row.notes,
      citation: row.citation,
      ...languageTexts(row),
    });
  }

  /** A device file (.device.json, multipart) or a `spec` field; a file's problems answer 4308. */
  async import(
    userId: number,
    input: { file?: Buffer; spec?: unknown; name?: string | undefined; description?: string | undefined },
  ): Promise<Device> {
    let spec: DeviceSpec;
    let cite: { reference_dois: string | null; notes: string | null } = { reference_dois: null, notes: null };
    if (input.file) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(input.file.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
      } catch {
        throw notJson('4308', 'file');
      }
      // An exported file is the DeviceSpec, or an entry with the device's references and notes.
      const parts = deviceFileParts(parsed);
      spec = specOf(parts.spec, '4308', 'file');
      cite = {
        reference_dois: storedReferences((parts.references ?? []).slice(0, MAX_DEVICE_REFERENCES)),
        notes: parts.notes?.slice(0, MAX_DEVICE_NOTES) ?? null,
      };
    } else if (input.spec !== undefined) spec = specOf(input.spec, '4309', 'spec');
    else
      throw new AppError('4308', { detail: NO_FILE.en }, { field: 'file', errors: ['file: missing'] }, (lang) => ({
        detail: NO_FILE[lang],
      }));
    return this.insertPersonal(userId, spec, input.name, input.description, null, cite, input.file ? 'file' : 'spec');
  }

  private async insertPersonal(
    userId: number,
    spec: DeviceSpec,
    name: string | undefined,
    description: string | undefined,
    sourceCalcId: number | null,
    cite: {
      reference_dois: string | null;
      notes: string | null;
      citation?: string | null;
    } & Partial<LanguageTexts> = {
      reference_dois: null,
      notes: null,
    },
    specField = 'spec',
  ): Promise<Device> {
    // A DeviceSpec's texts (its name, notes) skip the request schema's rules: a NUL in them cannot
    // be stored in PostgreSQL's text, so it is refused here, naming where it is (issue 28).
    const unstorable =
      firstUnstorable(spec, specField) ??
      firstUnstorable(cite, specField) ??
      firstUnstorable({ name, description }, '');
    if (unstorable) throw new FieldError(unstorable.field, unstorable.rule);
    const id = newDeviceId();
    const now = this.clock.now();
    await this.devices.insert({
      id,
      user_id: userId,
      kind: deviceKindOf(spec),
      status: 'private',
      is_public: 0,
      name: (name?.trim() || spec.name).slice(0, 100),
      description: description ?? spec.description ?? null,
      spec: JSON.stringify(spec),
      source_calc_id: sourceCalcId,
      ...cite,
      created_at: now,
      updated_at: now,
    });
    return this.get(userId, id);
  }

  async update(
    userId: number,
    body: {
      id: string;
      name?: string | undefined;
      description?: string | undefined;
      references?: string[] | undefined;
      notes?: string | undefined;
      spec?: unknown;
    },
  ): Promise<Device> {
    const row = await this.devices.getOwn(body.id, userId);
    if (!row) throw new AppError('4301');
    if (row.status === 'pending') throw new AppError('4310');
    const patch: Parameters<DevicesRepository['updateOwn']>[2] = {};
    if (body.references !== undefined) patch.reference_dois = storedReferences(body.references);
    if (body.notes !== undefined) patch.notes = body.notes.trim() || null;
    // A name or description the owner changes is theirs, in one language: the copied per-language
    // texts would otherwise still be shown in its place.
    const name = body.name?.trim().slice(0, 100);
    if (name && name !== row.name) Object.assign(patch, { name, name_zh: null, name_en: null });
    if (body.description !== undefined && body.description !== (row.description ?? ''))
      Object.assign(patch, { description: body.description, description_zh: null, description_en: null });
    if (body.spec !== undefined) {
      const spec = specOf(body.spec, '4309', 'spec');
      patch.spec = JSON.stringify(spec);
      patch.kind = deviceKindOf(spec);
    }
    if (!(await this.devices.updateOwn(body.id, userId, patch, this.clock.now()))) {
      // Submitted for review between the read and the write.
      throw new AppError((await this.devices.getOwn(body.id, userId)) ? '4310' : '4301');
    }
    return this.get(userId, body.id);
  }

  /**
   * Deletes an own device; a pending review of it goes too. Calculations keep their full input
   * (a calculation stores its DeviceSpec, not a reference), so results that used it are untouched.
   */
  async delete(userId: number, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await new DevicesRepository(trx).deleteOwn(id, userId))) throw new AppError('4301');
      await new ReviewsRepository(trx).dropPending('device', id);
    });
  }

  async export(userId: number, id: string): Promise<{ filename: string; body: Buffer }> {
    const row = await this.devices.getVisible(id, userId);
    if (!row?.spec) throw new AppError('4301');
    const spec = JSON.parse(row.spec) as unknown;
    const body = deviceFileBody(spec, { references: referencesOf(row.reference_dois), notes: row.notes });
    return { filename: deviceFileName(row.name), body: Buffer.from(`${JSON.stringify(body, null, 2)}\n`, 'utf8') };
  }
}

const REWARD_KEY = 'reviewRewardYuan';

/** System settings with their defaults. */
export class SettingsService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The reward of an approved contribution in fen (read inside the approving transaction). */
  async rewardFen(db: Kysely<Database> = this.db): Promise<number> {
    const raw = await new SettingsRepository(db).get(REWARD_KEY);
    const fen = raw === undefined ? undefined : yuanToFen(Number(raw));
    return fen === undefined || Number.isNaN(fen) ? DEFAULT_REVIEW_REWARD_YUAN * 100 : fen;
  }

  async get(): Promise<{ reviewRewardYuan: number }> {
    return { reviewRewardYuan: fenToYuan(await this.rewardFen()) };
  }

  async set(reviewRewardYuan: number): Promise<{ reviewRewardYuan: number }> {
    const fen = yuanToFen(reviewRewardYuan);
    if (fen === undefined) throw new AppError('4313');
    // Stored as the exact decimal of the fen, so what is read back is what was set.
    await new SettingsRepository(this.db).set(REWARD_KEY, (fen / 100).toFixed(2));
    return this.get();
  }
}

interface ItemRef {
  name: string;
  ownerId: number;
  status: string;
}

/** Reads and moves a personal material's review state; raw SQL keeps this file free of the material schema. */
async function materialOf(db: Kysely<Database>, uuid: string): Promise<ItemRef | undefined> {
  const r = await sql<{ name: string; owner_id: number | null; status: string }>`
    select name, owner_id, status from materials where uuid = ${uuid}`.execute(db);
  const row = r.rows[0];
  return row && row.owner_id !== null
    ? { name: row.name, ownerId: Number(row.owner_id), status: row.status }
    : undefined;
}

async function setMaterialStatus(db: Kysely<Database>, uuid: string, from: readonly string[], to: string, now: number) {
  const r = await sql`update materials set status = ${to}, updated_at = ${now}
    where uuid = ${uuid} and owner_id is not null and status in (${sql.join(from)})`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

function presentReview(r: ReviewRow): Review {
  return {
    id: Number(r.id),
    itemType: r.item_type as ReviewItemType,
    itemId: r.item_id,
    itemName: r.item_name,
    userId: Number(r.user_id),
    ownerName: r.owner_name ?? '',
    status: r.status as ReviewStatus,
    ...(r.note ? { note: r.note } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
    ...(r.reward_fen !== null ? { rewardYuan: fenToYuan(Number(r.reward_fen)) } : {}),
    ...(r.public_item_id ? { publicItemId: r.public_item_id } : {}),
    createdAt: Number(r.created_at),
    ...(r.decided_at !== null ? { decidedAt: Number(r.decided_at) } : {}),
    ...(r.decided_by !== null ? { decidedBy: Number(r.decided_by) } : {}),
  };
}

const WHAT = {
  device: { zh: '器件', en: 'device' },
  material: { zh: '材料', en: 'material' },
} as const;

/**
 * Review into the public library (spec §1, docs/api/library.md). Every step that changes more than
 * one table runs in one transaction: an approval either copies, credits and notifies, or does nothing.
 */
export class ReviewService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly materials: MaterialPublisherFactory | undefined,
  ) {}

  private async item(db: Kysely<Database>, type: ReviewItemType, id: string): Promise<ItemRef | undefined> {
    if (type === 'material') return materialOf(db, id);
    const row = await new DevicesRepository(db).get(id);
    return row && row.status !== 'public' ? { name: row.name, ownerId: row.user_id, status: row.status } : undefined;
  }

  private setItemStatus(db: Kysely<Database>, type: ReviewItemType, id: string, from: readonly string[], to: string) {
    const now = this.clock.now();
    return type === 'material'
      ? setMaterialStatus(db, id, from, to, now)
      : new DevicesRepository(db).setStatus(id, from, to, now);
  }

  async submit(userId: number, itemType: ReviewItemType, itemId: string, note: string | undefined): Promise<Review> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const item = await this.item(trx, itemType, itemId);
        if (!item || item.ownerId !== userId) throw new AppError('4302');
        if (item.status === 'pending') throw new AppError('4303');
        // Private and rejected items may be submitted; an approved one only after it was edited.
        if (!(await this.setItemStatus(trx, itemType, itemId, ['private', 'rejected'], 'pending')))
          throw new AppError('4304', { status: item.status });
        const id = await new ReviewsRepository(trx).insert({
          itemType,
          itemId,
          itemName: item.name,
          userId,
          note: note?.trim() || null,
          now: this.clock.now(),
        });
        return presentReview((await new ReviewsRepository(trx).get(id))!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('4303');
      throw err;
    }
  }

  async mine(userId: number, p: { page: number; size: number }) {
    const r = await new ReviewsRepository(this.db).list({ userId }, p);
    return { list: r.list.map(presentReview), total: r.total };
  }

  async list(status: string | undefined, p: { page: number; size: number }) {
    const r = await new ReviewsRepository(this.db).list({ status }, p);
    return { list: r.list.map(presentReview), total: r.total };
  }

  private async pending(reviews: ReviewsRepository, id: number): Promise<ReviewRow> {
    const review = await reviews.get(id);
    if (!review) throw new AppError('4305');
    if (review.status !== 'pending') throw new AppError('4306');
    return review;
  }

  /**
   * Approves: the review is decided first (conditionally, so a second approval finds it decided),
   * then the item is copied into the public library with a new ID, the personal item becomes
   * 'approved', the owner is credited the configured reward and gets an in-site message.
   */
  async approve(adminId: number, id: number): Promise<Review> {
    return this.db.transaction().execute(async (trx) => {
      const reviews = new ReviewsRepository(trx);
      const review = await this.pending(reviews, id);
      const now = this.clock.now();
      if (!(await reviews.decide(id, { status: 'approved', by: adminId, now }))) throw new AppError('4306');
      const type = review.item_type as ReviewItemType;
      const ownerId = Number(review.user_id);
      let publicId: string;
      let link: string;
      if (type === 'device') {
        const devices = new DevicesRepository(trx);
        const item = await devices.get(review.item_id);
        if (item?.status !== 'pending') throw new AppError('4302');
        publicId = newDeviceId();
        await devices.insert({
          id: publicId,
          // The public library is held by an administrator (as the seeded devices are); the
          // contributor is recorded separately and named in the list.
          user_id: adminId,
          kind: item.kind,
          status: 'public',
          is_public: 1,
          name: item.name,
          description: item.description,
          ...languageTexts(item),
          citation: item.citation,
          reference_dois: item.reference_dois,
          notes: item.notes,
          spec: item.spec,
          contributor_id: ownerId,
          origin_id: item.id,
          created_at: now,
          updated_at: now,
        });
        // The public device library page of its kind (spec §2: optMaterial, elecMaterial).
        link = item.kind === 'elec' ? '/plat/elecMaterial' : '/plat/optMaterial';
      } else {
        const item = await materialOf(trx, review.item_id);
        if (item?.status !== 'pending') throw new AppError('4302');
        if (!this.materials) throw new AppError('4302');
        publicId = await this.materials(trx).copyToPublic(review.item_id, ownerId);
        link = '/plat/material-library';
      }
      await this.setItemStatus(trx, type, review.item_id, ['pending'], 'approved');
      const rewardFen = await this.settings.rewardFen(trx);
      if (rewardFen > 0)
        await new LedgerRepository(trx).insert({
          userId: ownerId,
          kind: 'review-reward',
          amountFen: rewardFen,
          note: `${WHAT[type].en} "${review.item_name}" (review #${id})`,
          refId: String(id),
          now,
        });
      await reviews.setOutcome(id, publicId, rewardFen);
      const yuan = fenToYuan(rewardFen);
      await new MessagesRepository(trx).insert({
        userId: ownerId,
        kind: 'review-approved',
        // Messages are stored once and read in either language: both texts, Chinese first.
        title: `审核通过 / Review approved: ${review.item_name}`,
        body:
          `您提交的${WHAT[type].zh}「${review.item_name}」已通过审核并加入公共库` +
          (rewardFen > 0 ? `，奖励 ${yuan} 元已计入收入明细。` : '。') +
          `\nYour ${WHAT[type].en} "${review.item_name}" was approved and added to the public library` +
          (rewardFen > 0 ? `; a reward of ${yuan} yuan was credited to your income.` : '.'),
        link,
        now,
      });
      return presentReview((await reviews.get(id))!);
    });
  }

  /** Rejects with a reason: the item becomes 'rejected' (editable, resubmittable), the owner is told why. */
  async reject(adminId: number, id: number, reason: string): Promise<Review> {
    const why = reason.trim();
    if (!why) throw new AppError('4307');
    return this.db.transaction().execute(async (trx) => {
      const reviews = new ReviewsRepository(trx);
      const review = await this.pending(reviews, id);
      const now = this.clock.now();
      if (!(await reviews.decide(id, { status: 'rejected', by: adminId, now, reason: why })))
        throw new AppError('4306');
      const type = review.item_type as ReviewItemType;
      // The item may have been deleted meanwhile; the decision stands either way.
      await this.setItemStatus(trx, type, review.item_id, ['pending'], 'rejected');
      await new MessagesRepository(trx).insert({
        userId: Number(review.user_id),
        kind: 'review-rejected',
        title: `审核未通过 / Review rejected: ${review.item_name}`,
        body:
          `您提交的${WHAT[type].zh}「${review.item_name}」未通过审核，原因：${why}。修改后可重新提交。` +
          `\nYour ${WHAT[type].en} "${review.item_name}" was not approved. Reason: ${why}. You may edit it and submit it again.`,
        link: null,
        now,
      });
      return presentReview((await reviews.get(id))!);
    });
  }
}

export function presentMessage(m: MessageRow): SiteMessage {
  return {
    id: Number(m.id),
    title: m.title,
    body: m.body,
    kind: m.kind,
    read: m.read_at !== null,
    createdAt: Number(m.created_at),
    ...(m.link ? { link: m.link } : {}),
  };
}

/** Balance and income of a user, from the ledger. */
export class FinanceService {
  constructor(private readonly db: Kysely<Database>) {}

  async balance(userId: number): Promise<FinanceBalance> {
    const ledger = new LedgerRepository(this.db);
    const t = await ledger.totals(userId);
    const income = t['review-reward'] ?? 0;
    const recharge = t['recharge'] ?? 0;
    const consumption = t['consumption'] ?? 0;
    return {
      // The balance is the sum of the postings on the user's account (double entry, docs/finance.md).
      balanceYuan: fenToYuan(await ledger.balanceFen(userId)),
      incomeYuan: fenToYuan(income),
      consumptionYuan: fenToYuan(consumption),
      rechargeYuan: fenToYuan(recharge),
    };
  }

  async income(userId: number, p: { page: number; size: number }): Promise<{ list: IncomeItem[]; total: number }> {
    const r = await new LedgerRepository(this.db).list(userId, 'review-reward', p);
    return {
      list: r.list.map((e: LedgerRow) => ({
        id: Number(e.id),
        amountYuan: fenToYuan(Number(e.amount_fen)),
        kind: 'review-reward' as const,
        note: e.note,
        refId: e.ref_id,
        createdAt: Number(e.created_at),
      })),
      total: r.total,
    };
  }
}
