/** Business constants and limits from the product spec, section 9. One place, used by server and web. */
export const LIMITS = {
  loginUsernameMax: 50,
  loginPasswordMax: 32,
  emailMax: 50,
  passwordMax: 32,
  passwordMin: 6,
  realNameMax: 30,
  phoneMax: 20,
  enterpriseMax: 100,
  addressMax: 100,
  /** Forum nickname: not in the spec; chosen to match the real-name limit. */
  nicknameMax: 30,
  /** Free-text profile fields (title, research field): not in the spec. */
  profileTextMax: 200,
  deviceIdLength: 32,
} as const;

export const UI_TIMING = {
  backToTopThresholdPx: 400,
  backToTopScrollMs: 450,
  bannerAutoplayMs: 4000,
  bannerImages: 4,
  loginCheckIntervalMs: 30_000,
  reconnectMaxDelayS: 60,
  reconnectGiveUpAfter: 3,
  chatNotificationMs: 36_000,
} as const;

export const SESSION = {
  /** Session lifetime without "remember": one day. */
  defaultTtlMs: 24 * 3600 * 1000,
  /** With "remember": 30 days. */
  rememberTtlMs: 30 * 24 * 3600 * 1000,
  /** A signed request may be at most this far from the server's clock. */
  signatureSkewMs: 5 * 60 * 1000,
} as const;

export const THROTTLE = {
  /** Failed logins of one account (from any address) before 429 for that account. */
  maxFailures: 10,
  /**
   * Failed logins from one client address, across accounts, before 429 for that address: a
   * password spray. Far above one account's, so that colleagues behind one shared address (an
   * institute's NAT) cannot lock each other out by mistyping.
   */
  addressMaxFailures: 100,
  windowMs: 15 * 60 * 1000,
} as const;

export const PASSWORD_RESET = {
  ttlMs: 30 * 60 * 1000,
  /** /mail/send requests per address within the window; more get 429. */
  maxPerWindow: 5,
  windowMs: 15 * 60 * 1000,
} as const;

/** /mail/send requests from one client address within PASSWORD_RESET.windowMs; more get 429. */
export const PASSWORD_RESET_PER_IP = { maxPerWindow: 20 } as const;

/** Active sessions one user may hold; a new login beyond this revokes the oldest. */
export const SESSION_CAP = { maxActivePerUser: 20 } as const;

/**
 * The largest integer any request may carry: every id and counter column is `integer` (serial on
 * PostgreSQL: 2^31 - 1; SQLite's are 64-bit, but the same bound keeps the two deployments alike).
 * A larger id names no row; refusing it in the schema keeps PostgreSQL from overflowing (a 500).
 */
export const DB_INT_MAX = 2_147_483_647;
