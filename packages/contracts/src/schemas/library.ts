import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';
import { FormBoolean } from './common.js';

/**
 * Payloads and answers of the device libraries, review into the public library, in-site messages,
 * finance and system settings (issue 7, docs/api/library.md). The server validates with these,
 * the web and the CLI import the same types. Lists answer {list, total}; `page` from 1, `size` 1-100.
 */

/**
 * Features the platform states will be charged later (spec §1: library import, efficiency-loss
 * quantification, queue priority). Nothing is charged yet; the routes that offer them name their
 * feature, so billing can be attached in one place when it comes.
 */
export const CHARGED_FEATURES = {
  libraryImport: 'libraryImport',
  lossQuantification: 'lossQuantification',
  queuePriority: 'queuePriority',
} as const;
export type ChargedFeature = (typeof CHARGED_FEATURES)[keyof typeof CHARGED_FEATURES];

/** 'public' is the public library; a personal item moves private -> pending -> approved | rejected. */
export const LibraryStatus = Type.Union([
  Type.Literal('public'),
  Type.Literal('private'),
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type LibraryStatus = Static<typeof LibraryStatus>;

export const DeviceKind = Type.Union([Type.Literal('opt'), Type.Literal('elec')]);
export type DeviceKind = Static<typeof DeviceKind>;

/** A device ID: 32 lower-case hex characters (spec §3). */
export const DEVICE_ID_PATTERN = '^[0-9a-f]{32}$';
export const DeviceId = Type.String({ pattern: DEVICE_ID_PATTERN, description: '32-character device ID' });

const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 }));
const Size = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 }));
const Search = Type.Optional(Type.String({ maxLength: 100 }));
const DeviceName = Type.String({ minLength: 1, maxLength: 100 });
const Description = Type.String({ maxLength: 2000 });

/**
 * A device's literature references are DOIs (https://www.doi.org/the-identifier/resources/handbook,
 * §2.2): the prefix "10." with a registrant code of 4-9 digits, a slash and a suffix without blanks.
 * Users paste them in every form they meet them ("doi:10...", "https://doi.org/10..."); the server
 * keeps the bare DOI and the views link it through the doi.org resolver.
 */
export const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;
export const MAX_DEVICE_REFERENCES = 20;
export const MAX_DEVICE_NOTES = 4000;
/** The forms a DOI is pasted in, reduced to the bare DOI; undefined when it is none. */
export function normalizeDoi(raw: string): string | undefined {
  const bare = raw
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
  return DOI_PATTERN.test(bare) && bare.length <= 300 ? bare : undefined;
}
/** The resolver address of a DOI (the DOI's characters that are special in a URL are escaped). */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}`;
}
const References = Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
  maxItems: MAX_DEVICE_REFERENCES,
  description: 'DOIs of the publications the device comes from ("10.xxxx/...", "doi:..." or a doi.org address)',
});
const Notes = Type.String({ maxLength: MAX_DEVICE_NOTES });
/** A DeviceSpec as an object, or its JSON text (form posts carry JSON as a string). */
const SpecField = Type.Union([Type.String({ minLength: 1, maxLength: 4_000_000 }), Type.Object({})], {
  description: 'A DeviceSpec (schemaVersion 1), as an object or its JSON text',
});
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

// --- Device libraries -------------------------------------------------------------------------

export const DeviceListItem = Type.Object({
  id: Type.String(),
  kind: DeviceKind,
  /** What the owner typed; a public example's English name. */
  name: Type.String(),
  description: Type.Optional(Type.String()),
  /**
   * The name and description in each language (issue 29): the public examples and copies of them
   * have them, a user's own device none. A view takes the reader's language, then the other one,
   * then `name` / `description` (deviceTexts).
   */
  nameZh: Type.Optional(Type.String()),
  nameEn: Type.Optional(Type.String()),
  descriptionZh: Type.Optional(Type.String()),
  descriptionEn: Type.Optional(Type.String()),
  citation: Type.Optional(Type.String()),
  /** DOIs (bare, "10.xxxx/..."), in the order the owner gave them; empty when none. */
  references: Type.Array(Type.String()),
  notes: Type.Optional(Type.String()),
  ownerId: Nullable(Type.Integer()),
  ownerName: Type.Optional(Type.String()),
  contributorId: Type.Optional(Nullable(Type.Integer())),
  status: LibraryStatus,
  sourceCalcId: Type.Optional(Nullable(Type.Integer())),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type DeviceListItem = Static<typeof DeviceListItem>;

/**
 * A device's name and description in the reader's language: its text in that language, else the
 * other language's, else the one it was given (`name`, `description`). The web and the CLI show
 * devices through this one rule.
 */
export function deviceTexts(
  d: Pick<DeviceListItem, 'name' | 'description' | 'nameZh' | 'nameEn' | 'descriptionZh' | 'descriptionEn'>,
  lang: string,
): { name: string; description: string | undefined } {
  const en = lang.toLowerCase().startsWith('en');
  const pick = (zh: string | undefined, eng: string | undefined) => (en ? eng || zh : zh || eng) || undefined;
  return {
    name: pick(d.nameZh, d.nameEn) ?? d.name,
    description: pick(d.descriptionZh, d.descriptionEn) ?? d.description,
  };
}

/**
 * A shipped example file (assets/devices) names its device in both languages, "中文 | English"; the
 * library holds the two apart (deviceTexts), a page that loads the file itself shows the reader's
 * part with this. A name without the separator is returned as it is.
 */
export function bilingualName(name: string, lang: string): string {
  const parts = name.split(/\s*\|\s*/);
  if (parts.length !== 2 || !parts[0]!.trim() || !parts[1]!.trim()) return name;
  return (lang.toLowerCase().startsWith('en') ? parts[1]! : parts[0]!).trim();
}

/** A device entry with its DeviceSpec (`spec` is checked with checkDeviceSpec before it is stored). */
export const Device = Type.Object({ ...DeviceListItem.properties, spec: Type.Unknown() });
export type Device = Static<typeof Device>;

export const DeviceListData = Type.Object({ list: Type.Array(DeviceListItem), total: Type.Integer() });
export type DeviceListData = Static<typeof DeviceListData>;

export const DeviceFindPublicBody = Type.Object({
  kind: Type.Optional(DeviceKind),
  search: Search,
  page: Page,
  size: Size,
});
export type DeviceFindPublicBody = Static<typeof DeviceFindPublicBody>;

export const DeviceFindPersonalBody = Type.Object({
  kind: Type.Optional(DeviceKind),
  search: Search,
  status: Type.Optional(LibraryStatus),
  page: Page,
  size: Size,
});
export type DeviceFindPersonalBody = Static<typeof DeviceFindPersonalBody>;

export const DeviceIdBody = Type.Object({ id: DeviceId });
export type DeviceIdBody = Static<typeof DeviceIdBody>;

/** Either `spec` or `calcId` (the input of one of the caller's optical or electrical calculations). */
export const DeviceSaveBody = Type.Object({
  name: Type.Optional(DeviceName),
  description: Type.Optional(Description),
  references: Type.Optional(References),
  notes: Type.Optional(Notes),
  spec: Type.Optional(SpecField),
  calcId: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX })),
});
export type DeviceSaveBody = Static<typeof DeviceSaveBody>;

export const DeviceUpdateBody = Type.Object({
  id: DeviceId,
  name: Type.Optional(DeviceName),
  description: Type.Optional(Description),
  /** Replaces the list (an empty list removes every reference). */
  references: Type.Optional(References),
  notes: Type.Optional(Notes),
  spec: Type.Optional(SpecField),
});
export type DeviceUpdateBody = Static<typeof DeviceUpdateBody>;

/** The JSON form of /sys/device/import; the multipart form sends a `file` (a .device.json) instead. */
export const DeviceImportBody = Type.Object({
  spec: Type.Optional(SpecField),
  name: Type.Optional(DeviceName),
  description: Type.Optional(Description),
});
export type DeviceImportBody = Static<typeof DeviceImportBody>;

// --- Review into the public library ------------------------------------------------------------

export const ReviewItemType = Type.Union([Type.Literal('material'), Type.Literal('device')]);
export type ReviewItemType = Static<typeof ReviewItemType>;

export const ReviewStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
export type ReviewStatus = Static<typeof ReviewStatus>;

export const Review = Type.Object({
  id: Type.Integer(),
  itemType: ReviewItemType,
  itemId: Type.String(),
  itemName: Type.String(),
  userId: Type.Integer(),
  ownerName: Type.String(),
  status: ReviewStatus,
  note: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
  rewardYuan: Type.Optional(Type.Number()),
  publicItemId: Type.Optional(Type.String()),
  createdAt: Type.Integer(),
  decidedAt: Type.Optional(Type.Integer()),
  decidedBy: Type.Optional(Type.Integer()),
});
export type Review = Static<typeof Review>;

/**
 * The run a reviewer sees next to a submitted device (docs/administration.md): the submitter's
 * newest optical or electrical calculation of exactly this device, else the calculation it was
 * saved from (`sameInput` false when the device changed since). Key figures as the result page
 * shows them; absent when the run has none (failed, still running, a tandem).
 */
export const ReviewRun = Type.Object({
  calcId: Type.Integer(),
  kind: Type.String(),
  name: Type.String(),
  status: Type.String(),
  sameInput: Type.Boolean(),
  createdAt: Type.Integer(),
  finishedAt: Nullable(Type.Integer()),
  reason: Type.Optional(Type.String()),
  figures: Type.Optional(
    Type.Object({
      /** Electrical: Jsc; optical: photocurrent of the absorbers at 100 % IQE. */
      jscMaCm2: Type.Number(),
      vocV: Type.Optional(Type.Number()),
      /** Fill factor as a fraction (0-1). */
      ff: Type.Optional(Type.Number()),
      pcePercent: Type.Optional(Type.Number()),
      /** PCE on the simulated window's power, as SCAPS divides (runs since issue 26 have it). */
      pceWindowPercent: Type.Optional(Type.Number()),
      /** The simulated wavelength window of the run's input, which names the window PCE. */
      windowStartNm: Type.Optional(Type.Number()),
      windowEndNm: Type.Optional(Type.Number()),
    }),
  ),
});
export type ReviewRun = Static<typeof ReviewRun>;

export const ReviewRunData = Type.Object({ run: Nullable(ReviewRun) });
export type ReviewRunData = Static<typeof ReviewRunData>;

export const ReviewListData = Type.Object({ list: Type.Array(Review), total: Type.Integer() });
export type ReviewListData = Static<typeof ReviewListData>;

export const ReviewSubmitBody = Type.Object({
  itemType: ReviewItemType,
  itemId: Type.String({ minLength: 1, maxLength: 36, description: 'material uuid or 32-character device ID' }),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ReviewSubmitBody = Static<typeof ReviewSubmitBody>;

export const ReviewMineBody = Type.Object({ page: Page, size: Size });
export type ReviewMineBody = Static<typeof ReviewMineBody>;

export const ReviewListBody = Type.Object({ status: Type.Optional(ReviewStatus), page: Page, size: Size });
export type ReviewListBody = Static<typeof ReviewListBody>;

export const ReviewIdBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }) });
export type ReviewIdBody = Static<typeof ReviewIdBody>;

export const ReviewRejectBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});
export type ReviewRejectBody = Static<typeof ReviewRejectBody>;

// --- In-site messages ----------------------------------------------------------------------------

export const MessageKind = Type.Union([
  Type.Literal('review-approved'),
  Type.Literal('review-rejected'),
  Type.Literal('system'),
]);
export type MessageKind = Static<typeof MessageKind>;

export const SiteMessage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  kind: Type.String(),
  read: Type.Boolean(),
  createdAt: Type.Integer(),
  link: Type.Optional(Type.String()),
});
export type SiteMessage = Static<typeof SiteMessage>;

export const MsgListBody = Type.Object({ page: Page, size: Size, unread: Type.Optional(FormBoolean) });
export type MsgListBody = Static<typeof MsgListBody>;

export const MsgListData = Type.Object({
  list: Type.Array(SiteMessage),
  total: Type.Integer(),
  unread: Type.Integer({ description: "the caller's unread messages, whatever the filter" }),
});
export type MsgListData = Static<typeof MsgListData>;

/** One message (`id`) or all of the caller's (`all: true`). */
export const MsgReadBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX })),
  all: Type.Optional(FormBoolean),
});
export type MsgReadBody = Static<typeof MsgReadBody>;

// --- Finance -------------------------------------------------------------------------------------

export const LedgerKind = Type.Union([
  Type.Literal('review-reward'),
  Type.Literal('recharge'),
  Type.Literal('consumption'),
]);
export type LedgerKind = Static<typeof LedgerKind>;

export const FinanceBalance = Type.Object({
  balanceYuan: Type.Number(),
  incomeYuan: Type.Number(),
  consumptionYuan: Type.Number(),
  rechargeYuan: Type.Number(),
});
export type FinanceBalance = Static<typeof FinanceBalance>;

export const IncomeItem = Type.Object({
  id: Type.Integer(),
  amountYuan: Type.Number(),
  kind: Type.Literal('review-reward'),
  note: Type.String(),
  refId: Nullable(Type.String()),
  createdAt: Type.Integer(),
});
export type IncomeItem = Static<typeof IncomeItem>;

export const IncomeListBody = Type.Object({ page: Page, size: Size });
export type IncomeListBody = Static<typeof IncomeListBody>;

export const IncomeListData = Type.Object({ list: Type.Array(IncomeItem), total: Type.Integer() });
export type IncomeListData = Static<typeof IncomeListData>;

// --- System settings -----------------------------------------------------------------------------

/** The reward credited for an approved contribution, in yuan, when nothing was set. */
export const DEFAULT_REVIEW_REWARD_YUAN = 10;
export const MAX_REVIEW_REWARD_YUAN = 10000;

export const SystemSettings = Type.Object({ reviewRewardYuan: Type.Number() });
export type SystemSettings = Static<typeof SystemSettings>;

/** At most two decimals (whole fen); the server checks that, the schema the range. */
export const SettingsSetBody = Type.Object({
  reviewRewardYuan: Type.Number({ minimum: 0, maximum: MAX_REVIEW_REWARD_YUAN }),
});
export type SettingsSetBody = Static<typeof SettingsSetBody>;

/** Yuan as shown from integer fen as stored. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** Integer fen of a yuan amount, or undefined when it has more than two decimals. */
export function yuanToFen(yuan: number): number | undefined {
  const fen = Math.round(yuan * 100);
  return Math.abs(fen - yuan * 100) < 1e-6 ? fen : undefined;
}
