import { randomBytes } from 'node:crypto';
import {
  type Institution,
  type InstitutionKind,
  type InstitutionSaveBody,
  type Lang,
  PARTNER_LOGO_PATH,
  type Partner,
  type PartnerSaveBody,
  SITE_LIMITS,
  type SiteContact,
} from '@pvforge/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { SettingsRepository } from '../db/repositories/library.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { checkImage, type ImageLimits, imageRefusals } from '../uploads/image.js';

export const LOGO_LIMITS: ImageLimits = {
  maxBytes: SITE_LIMITS.logoMaxBytes,
  maxSidePx: SITE_LIMITS.logoMaxSidePx,
  maxPixels: SITE_LIMITS.logoMaxPixels,
};
/** Code 4953's {detail}, in the administrator's language. */
export const LOGO_REFUSALS = imageRefusals(LOGO_LIMITS);

type OrderedTable = 'institutions' | 'partners';

/**
 * Both lists keep an explicit `sort`: new items go last, reorder rewrites the whole order at once
 * (and refuses a list that is not exactly the current set, so two administrators reordering at
 * the same time cannot drop or duplicate an item).
 */
async function nextSort(db: Kysely<Database>, table: OrderedTable): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  return r?.m === null || r?.m === undefined ? 1 : Number(r.m) + 1;
}

async function reorder(db: Kysely<Database>, table: OrderedTable, ids: number[], now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = (await trx.selectFrom(table).select('id').execute()).map((r) => Number(r.id));
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || current.length !== ids.length || !current.every((id) => wanted.has(id)))
      throw new AppError('4954');
    for (const [i, id] of ids.entries())
      await trx
        .updateTable(table)
        .set({ sort: i + 1, updated_at: now })
        .where('id', '=', id)
        .execute();
  });
}

const trimmed = (v: string | undefined) => (v ?? '').trim();

/** Institutions: the registration and profile forms offer their names; administrators keep the list. */
export class InstitutionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<Institution[]> {
    const rows = await this.db.selectFrom('institutions').selectAll().orderBy('sort').orderBy('id').execute();
    return rows.map((r) => ({
      id: Number(r.id),
      nameZh: r.name_zh,
      nameEn: r.name_en,
      kind: r.kind as InstitutionKind,
      website: r.website,
      sort: Number(r.sort),
    }));
  }

  async save(b: InstitutionSaveBody): Promise<Institution> {
    const now = this.clock.now();
    const values = {
      name_zh: b.nameZh.trim(),
      name_en: trimmed(b.nameEn),
      kind: b.kind,
      website: trimmed(b.website),
      updated_at: now,
    };
    const clash = await this.db
      .selectFrom('institutions')
      .select('id')
      .where('name_zh', '=', values.name_zh)
      .executeTakeFirst();
    if (clash && Number(clash.id) !== b.id) throw new AppError('4955');
    let id = b.id;
    if (id === undefined) {
      const r = await this.db
        .insertInto('institutions')
        .values({ ...values, sort: await nextSort(this.db, 'institutions'), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(r.id);
    } else {
      const r = await this.db.updateTable('institutions').set(values).where('id', '=', id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new AppError('4951');
    }
    return (await this.list()).find((i) => i.id === id)!;
  }

  async delete(id: number): Promise<Institution> {
    const existing = (await this.list()).find((i) => i.id === id);
    if (!existing) throw new AppError('4951');
    await this.db.deleteFrom('institutions').where('id', '=', id).execute();
    return existing;
  }

  reorder(ids: number[]): Promise<void> {
    return reorder(this.db, 'institutions', ids, this.clock.now());
  }
}

/** Partners ("our customers" on the home page) with their logos. */
export class PartnerService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<Partner[]> {
    const rows = await this.db
      .selectFrom('partners')
      .select(['id', 'name_zh', 'name_en', 'website', 'sort', 'logo_key'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      nameZh: r.name_zh,
      nameEn: r.name_en,
      website: r.website,
      logoUrl: r.logo_key ? `${PARTNER_LOGO_PATH}${r.logo_key}` : null,
      sort: Number(r.sort),
    }));
  }

  private async one(id: number): Promise<Partner> {
    const p = (await this.list()).find((x) => x.id === id);
    if (!p) throw new AppError('4952');
    return p;
  }

  async save(b: PartnerSaveBody): Promise<Partner> {
    const now = this.clock.now();
    const values = {
      name_zh: b.nameZh.trim(),
      name_en: trimmed(b.nameEn),
      website: trimmed(b.website),
      updated_at: now,
    };
    if (b.id === undefined) {
      const r = await this.db
        .insertInto('partners')
        .values({ ...values, sort: await nextSort(this.db, 'partners'), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return this.one(Number(r.id));
    }
    const r = await this.db.updateTable('partners').set(values).where('id', '=', b.id).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new AppError('4952');
    return this.one(b.id);
  }

  /** Replaces the logo after checking the bytes themselves (type, size, pixels); a new key each time. */
  async setLogo(id: number, bytes: Buffer, lang: Lang): Promise<Partner> {
    await this.one(id);
    const check = checkImage(bytes, LOGO_LIMITS);
    if (!check.ok) throw new AppError('4953', { detail: LOGO_REFUSALS[check.reason][lang] }, { field: 'file' });
    await this.db
      .updateTable('partners')
      .set({
        logo_key: randomBytes(16).toString('hex'),
        logo_mime: check.mime,
        logo_width: check.width,
        logo_height: check.height,
        logo_bytes: bytes,
        updated_at: this.clock.now(),
      })
      .where('id', '=', id)
      .execute();
    return this.one(id);
  }

  async logo(key: string): Promise<{ mime: string; bytes: Buffer } | undefined> {
    const r = await this.db
      .selectFrom('partners')
      .select(['logo_mime', 'logo_bytes'])
      .where('logo_key', '=', key)
      .executeTakeFirst();
    return r?.logo_mime && r.logo_bytes ? { mime: r.logo_mime, bytes: Buffer.from(r.logo_bytes) } : undefined;
  }

  async delete(id: number): Promise<Partner> {
    const p = await this.one(id);
    await this.db.deleteFrom('partners').where('id', '=', id).execute();
    return p;
  }

  reorder(ids: number[]): Promise<void> {
    return reorder(this.db, 'partners', ids, this.clock.now());
  }
}

const CONTACT_KEY = 'site.contact';
export const EMPTY_CONTACT: SiteContact = {
  email: '',
  phone: '',
  addressZh: '',
  addressEn: '',
  hoursZh: '',
  hoursEn: '',
};

/** The contact fields (administrator settings), stored as one JSON setting; empty fields are not shown. */
export class ContactService {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<SiteContact> {
    const raw = await new SettingsRepository(this.db).get(CONTACT_KEY);
    if (!raw) return { ...EMPTY_CONTACT };
    try {
      const v = JSON.parse(raw) as Partial<SiteContact>;
      const out = { ...EMPTY_CONTACT };
      for (const k of Object.keys(EMPTY_CONTACT) as (keyof SiteContact)[]) if (typeof v[k] === 'string') out[k] = v[k];
      return out;
    } catch {
      return { ...EMPTY_CONTACT };
    }
  }

  async set(c: SiteContact): Promise<SiteContact> {
    const clean = { ...EMPTY_CONTACT };
    for (const k of Object.keys(EMPTY_CONTACT) as (keyof SiteContact)[]) clean[k] = c[k].trim();
    await new SettingsRepository(this.db).set(CONTACT_KEY, JSON.stringify(clean));
    return clean;
  }
}
