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
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewsRow = Selectable<NewsTable>;
export type FaqRow = Selectable<FaqTable>;
export type CalculationRow = Selectable<CalculationsTable>;
