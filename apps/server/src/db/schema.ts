import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table shapes as Kysely sees them. Times are integer milliseconds since the epoch on both
 * databases (bigint in PostgreSQL, parsed back to number by the pool's type parser), booleans
 * are 0/1 integers: one representation keeps the queries identical on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  real_name: string;
  nickname: string | null;
  gender: number;
  phone: string;
  enterprise: string;
  address: string;
  role: number;
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** The token encrypted with AES-256-GCM: signature checks need the key itself. */
  token_enc: string;
  remember: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  created_ip: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  /** null for requests about an address nobody registered: kept for rate limiting only. */
  user_id: number | null;
  token_hash: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_addr: string;
  subject: string;
  body_text: string;
  body_html: string;
  kind: string;
  status: string;
  error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface NewsTable {
  id: Generated<number>;
  kind: string;
  title_zh: string;
  title_en: string;
  summary_zh: string;
  summary_en: string;
  body_zh: string;
  body_en: string;
  published_at: string;
  created_at: number;
  /** Set: withdrawn by an administrator, no longer on the public site (migration 0011). */
  withdrawn_at: Nullable<number>;
}

export interface FaqTable {
  id: Generated<number>;
  sort: number;
  question_zh: string;
  question_en: string;
  answer_zh: string;
  answer_en: string;
}

/** Optional on insert, nullable when read. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface DevicesTable {
  /** The 32-character device ID (spec §1). */
  id: string;
  user_id: number;
  kind: string;
  is_public: number;
  name: string;
  created_at: number;
  /** The DeviceSpec JSON (migration 0003). */
  spec: Nullable<string>;
  description: Nullable<string>;
  /** Where the device's parameters come from. */
  citation: Nullable<string>;
  /** public | private | pending | approved | rejected (migration 0005); is_public mirrors 'public'. */
  status: Generated<string>;
  updated_at: Generated<number>;
  /** The calculation whose input the device was saved from. */
  source_calc_id: Nullable<number>;
  /** A public copy made by a review: the user who contributed it, and the personal device it came from. */
  contributor_id: Nullable<number>;
  origin_id: Nullable<string>;
  /** JSON array of bare DOIs (migration 0018). */
  reference_dois: Nullable<string>;
  /** The owner's free notes on the device (migration 0018). */
  notes: Nullable<string>;
  /**
   * The name and description per language (migration 0035): the public examples and their copies
   * have them; a user's own device has none and is shown by `name` and `description`.
   */
  name_zh: Nullable<string>;
  name_en: Nullable<string>;
  description_zh: Nullable<string>;
  description_en: Nullable<string>;
}

/** A request to publish a personal material or device (migration 0005). */
export interface ReviewsTable {
  id: Generated<number>;
  item_type: string;
  /** Material uuid or device ID. */
  item_id: string;
  /** The item's name when it was submitted. */
  item_name: string;
  user_id: number;
  status: string;
  note: string | null;
  reason: string | null;
  reward_fen: number | null;
  public_item_id: string | null;
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
}

/** In-site messages (migration 0005). */
export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: number | null;
  created_at: number;
}

/** Money movements in integer fen, always positive; `kind` gives the direction (migration 0005). */
export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  amount_fen: number;
  note: Generated<string>;
  ref_id: string | null;
  created_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A calculation and its job state (migration 0002); the jobs table of the in-process queue. */
export interface CalculationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  status: string;
  created_at: number;
  name: Generated<string>;
  /** Higher runs first; ties in id order. */
  priority: Generated<number>;
  /** The sweep this job is a child of. */
  parent_id: number | null;
  /** The validated input as JSON text, exactly as run. */
  input: Generated<string>;
  /** sha256 (hex) of the canonical JSON of the input (keys sorted). */
  input_hash: Generated<string>;
  engine_version: Generated<string>;
  progress: Generated<number>;
  progress_detail: string | null;
  /** Why, for failed / nonconvergent / cancelled. */
  reason: string | null;
  /** Times the job was started; a job found running at start-up with attempts >= 2 fails. */
  attempts: Generated<number>;
  /** gzip of the result JSON. */
  result: Buffer | null;
  /** Bytes of the uncompressed result JSON. */
  result_size: Generated<number>;
  started_at: number | null;
  finished_at: number | null;
  /** The client's key of the submission that made it (a retried submission finds it by this). */
  request_key: string | null;
}

export interface MaterialsTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  category: string;
  created_at: number;
  /** Stable slug of a seeded material ("mapbi3"), unique; null otherwise (migration 0004). */
  key: Nullable<string>;
  name_en: Nullable<string>;
  /** The full Chinese name of a seeded material (migration 0034); null for a user's own. */
  name_zh: Nullable<string>;
  formula: Nullable<string>;
  /** OpticalModelSpec, MaterialElectrical, sources and references as JSON text. */
  optical: Generated<string>;
  electrical: Generated<string>;
  sources: Generated<string>;
  refs: Generated<string>;
  notes: Nullable<string>;
  /** null = the public library. */
  owner_id: Nullable<number>;
  /** public | private | pending | approved | rejected. */
  status: Generated<string>;
  /** A public copy made by review: the contributing user and the personal material's uuid. */
  contributor_id: Nullable<number>;
  origin_uuid: Nullable<string>;
  updated_at: Generated<number>;
}

/** Forum (migration 0009): boards, threads, replies, reports, images. Flags are 0/1. */
export interface ForumBoardsTable {
  id: Generated<number>;
  forum: string;
  sort: Generated<number>;
  name_zh: string;
  name_en: string;
  description_zh: Generated<string>;
  description_en: Generated<string>;
  created_at: number;
}

export interface ForumThreadsTable {
  id: Generated<number>;
  board_id: number;
  user_id: number;
  title: string;
  body_html: string;
  search_text: string;
  /** JSON list of {type, id}. */
  attachments: Generated<string>;
  pinned: Generated<number>;
  locked: Generated<number>;
  hidden: Generated<number>;
  reply_count: Generated<number>;
  last_reply_at: number;
  created_at: number;
  updated_at: number;
  deleted_at: Nullable<number>;
}

export interface ForumRepliesTable {
  id: Generated<number>;
  thread_id: number;
  user_id: number;
  floor: number;
  body_html: string;
  search_text: string;
  attachments: Generated<string>;
  quote_id: Nullable<number>;
  hidden: Generated<number>;
  created_at: number;
  updated_at: number;
  deleted_at: Nullable<number>;
}

export interface ForumReportsTable {
  id: Generated<number>;
  target_type: string;
  target_id: number;
  user_id: number;
  reason: string;
  status: string;
  created_at: number;
  resolved_by: Nullable<number>;
  resolved_at: Nullable<number>;
}

export interface ForumImagesTable {
  id: Generated<number>;
  key: string;
  user_id: number;
  mime: string;
  width: number;
  height: number;
  bytes: Buffer;
  created_at: number;
}

/** Consultation tickets and messages (migration 0010). */
export interface ConsultTicketsTable {
  id: Generated<number>;
  user_id: number;
  category: string;
  subject: string;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface ConsultMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  user_id: number;
  from_admin: Generated<number>;
  body: string;
  attachments: Generated<string>;
  created_at: number;
}

/** Notices, their read state, the audit log (migration 0011). */
export interface NoticesTable {
  id: Generated<number>;
  title: string;
  body: string;
  /** English version ('' when the notice is in Chinese only; migration 0032). */
  title_en: Generated<string>;
  body_en: Generated<string>;
  created_by: number | null;
  published_at: number;
  updated_at: number;
  withdrawn_at: Nullable<number>;
}

export interface NoticeReadsTable {
  notice_id: number;
  user_id: number;
  read_at: number;
}

export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: number | null;
  action: string;
  target: Generated<string>;
  detail: Generated<string>;
  created_at: number;
}

/** Double-entry postings of the ledger, signed (migration 0012). */
export interface LedgerEntriesTable {
  id: Generated<number>;
  ledger_id: number;
  /** 'user:<id>' or a platform account ('platform:cash', 'platform:revenue', 'platform:rewards'). */
  account: string;
  amount_fen: number;
  created_at: number;
}

export interface RechargeRequestsTable {
  id: Generated<number>;
  user_id: number;
  amount_fen: number;
  provider: string;
  reference: Generated<string>;
  status: string;
  reason: Nullable<string>;
  created_at: number;
  decided_at: Nullable<number>;
  decided_by: Nullable<number>;
}

/** 0019: user-to-user messages; read_at is the recipient's. */
export interface UserMessagesTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number;
  body: string;
  color: Nullable<string>;
  bg: Nullable<string>;
  created_at: number;
  read_at: Nullable<number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  news: NewsTable;
  faq: FaqTable;
  devices: DevicesTable;
  calculations: CalculationsTable;
  materials: MaterialsTable;
  reviews: ReviewsTable;
  messages: MessagesTable;
  ledger: LedgerTable;
  settings: SettingsTable;
  forum_boards: ForumBoardsTable;
  forum_threads: ForumThreadsTable;
  forum_replies: ForumRepliesTable;
  forum_reports: ForumReportsTable;
  forum_images: ForumImagesTable;
  consult_tickets: ConsultTicketsTable;
  consult_messages: ConsultMessagesTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  admin_audit: AdminAuditTable;
  ledger_entries: LedgerEntriesTable;
  recharge_requests: RechargeRequestsTable;
  institutions: InstitutionsTable;
  partners: PartnersTable;
  user_spectra: UserSpectraTable;
  user_messages: UserMessagesTable;
}

/** 0021: institutions and partner logos (docs/administration.md). */
export interface InstitutionsTable {
  id: Generated<number>;
  name_zh: string;
  name_en: Generated<string>;
  kind: string;
  website: Generated<string>;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface PartnersTable {
  id: Generated<number>;
  name_zh: string;
  name_en: Generated<string>;
  website: Generated<string>;
  sort: number;
  logo_key: string | null;
  logo_mime: string | null;
  logo_width: number | null;
  logo_height: number | null;
  logo_bytes: Buffer | null;
  created_at: number;
  updated_at: number;
}

/** A custom incident spectrum of a user's library; arrays as JSON text (nm; W m^-2 nm^-1). */
export interface UserSpectraTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  points: number;
  from_nm: number;
  to_nm: number;
  power_w_m2: number;
  source_units: string;
  wavelength_nm: string;
  irradiance_w_m2_nm: string;
  created_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewsRow = Selectable<NewsTable>;
export type FaqRow = Selectable<FaqTable>;
export type CalculationRow = Selectable<CalculationsTable>;
