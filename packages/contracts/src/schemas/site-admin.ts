import Type, { type Static } from 'typebox';
import { DB_INT_MAX } from '../limits.js';

/**
 * Site content run by administrators (spec §1 "about-us, contact and partner logos", §2 home page
 * "our customers, contact us"; issue 14 and 16; docs/administration.md): institutions, partner
 * logos and the contact fields. Everyone reads them; only administrators change them.
 */
const Id = Type.Integer({ minimum: 1, maximum: DB_INT_MAX });

export const SITE_LIMITS = {
  nameMaxChars: 100,
  websiteMaxChars: 200,
  /** Institutions and partners each; reorder takes the whole list. */
  listMax: 500,
  /** Partner logos: bytes and pixels (a small file may decode to a huge bitmap on the home page). */
  logoMaxBytes: 512 * 1024,
  logoMaxSidePx: 2000,
  logoMaxPixels: 2_000_000,
  contactEmailMaxChars: 100,
  contactPhoneMaxChars: 40,
  contactAddressMaxChars: 200,
  contactHoursMaxChars: 100,
} as const;

/** http(s) only: the address becomes a link on the public site. Empty: no link. */
const Website = Type.String({ maxLength: SITE_LIMITS.websiteMaxChars, pattern: '^(https?://[^\\s<>"]+)?$' });
const NameZh = Type.String({ minLength: 1, maxLength: SITE_LIMITS.nameMaxChars, pattern: '\\S' });
const NameEn = Type.String({ maxLength: SITE_LIMITS.nameMaxChars });

export const INSTITUTION_KINDS = ['university', 'institute', 'enterprise', 'other'] as const;
// Spelled out so the static type stays a literal union.
export const InstitutionKind = Type.Union([
  Type.Literal('university'),
  Type.Literal('institute'),
  Type.Literal('enterprise'),
  Type.Literal('other'),
]);
export type InstitutionKind = (typeof INSTITUTION_KINDS)[number];

export const Institution = Type.Object({
  id: Type.Integer(),
  nameZh: Type.String(),
  nameEn: Type.String(),
  kind: InstitutionKind,
  website: Type.String(),
  sort: Type.Integer(),
});
export type Institution = Static<typeof Institution>;
export const InstitutionListData = Type.Object({ list: Type.Array(Institution) });
export type InstitutionListData = Static<typeof InstitutionListData>;
export const InstitutionSaveBody = Type.Object({
  id: Type.Optional(Id),
  nameZh: NameZh,
  nameEn: Type.Optional(NameEn),
  kind: InstitutionKind,
  website: Type.Optional(Website),
});
export type InstitutionSaveBody = Static<typeof InstitutionSaveBody>;

export const Partner = Type.Object({
  id: Type.Integer(),
  nameZh: Type.String(),
  nameEn: Type.String(),
  website: Type.String(),
  /** Address of the logo image (public, under an unguessable key that changes with each upload); null: none yet. */
  logoUrl: Type.Union([Type.String(), Type.Null()]),
  sort: Type.Integer(),
});
export type Partner = Static<typeof Partner>;
export const PartnerListData = Type.Object({ list: Type.Array(Partner) });
export type PartnerListData = Static<typeof PartnerListData>;
export const PartnerSaveBody = Type.Object({
  id: Type.Optional(Id),
  nameZh: NameZh,
  nameEn: Type.Optional(NameEn),
  website: Type.Optional(Website),
});
export type PartnerSaveBody = Static<typeof PartnerSaveBody>;

export const SiteIdBody = Type.Object({ id: Id });
/** The whole list in its new order: every id exactly once. */
export const SiteReorderBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: SITE_LIMITS.listMax, uniqueItems: true }),
});

export const PARTNER_LOGO_PATH = '/calc/sys/partner/logo/';
export const PARTNER_LOGO_KEY_PATTERN = '^[0-9a-f]{32}$';

/** The contact fields of the home page and of the live connection's give-up message (spec §8). Empty: not shown. */
export const SiteContact = Type.Object({
  email: Type.String({
    maxLength: SITE_LIMITS.contactEmailMaxChars,
    pattern: '^([^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+)?$',
  }),
  phone: Type.String({ maxLength: SITE_LIMITS.contactPhoneMaxChars, pattern: '^[0-9+()\\- ]*$' }),
  addressZh: Type.String({ maxLength: SITE_LIMITS.contactAddressMaxChars }),
  addressEn: Type.String({ maxLength: SITE_LIMITS.contactAddressMaxChars }),
  hoursZh: Type.String({ maxLength: SITE_LIMITS.contactHoursMaxChars }),
  hoursEn: Type.String({ maxLength: SITE_LIMITS.contactHoursMaxChars }),
});
export type SiteContact = Static<typeof SiteContact>;
