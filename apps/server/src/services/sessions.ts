import { SESSION, SESSION_CAP } from '@pvforge/contracts';
import { MemoryReplayGuard, type ReplayGuard } from '../auth/replay-guard.js';
import { checkSignatureHeaders, signatureMatches } from '../auth/signature.js';
import { hashToken, newToken, type TokenCipher } from '../auth/token-crypto.js';
import type { Clock } from '../clock.js';
import type { SessionsRepository } from '../db/repositories/sessions.js';
import type { UsersRepository } from '../db/repositories/users.js';
import type { SessionRow, UserRow } from '../db/schema.js';
import { AppError } from '../http/errors.js';

export interface OpenedSession {
  sessionId: number;
  token: string;
  expiresAt: number;
}

export interface Authenticated {
  user: UserRow;
  sessionId: number;
}

/** How many ended sessions are tried so that a logged-out token earns '2004', not '2002'. */
const ENDED_TRIED = 20;

export class SessionService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly cipher: TokenCipher,
    private readonly clock: Clock,
    private readonly replay: ReplayGuard = new MemoryReplayGuard(SESSION.signatureSkewMs),
  ) {}

  async open(userId: number, remember: boolean, ip: string): Promise<OpenedSession> {
    const now = this.clock.now();
    const token = newToken();
    const expiresAt = now + (remember ? SESSION.rememberTtlMs : SESSION.defaultTtlMs);
    const sessionId = await this.sessions.insert({
      user_id: userId,
      token_hash: hashToken(token),
      token_enc: this.cipher.encrypt(token),
      remember: remember ? 1 : 0,
      created_at: now,
      expires_at: expiresAt,
      created_ip: ip,
    });
    // Every signed request tries the user's live sessions, so their number stays bounded.
    const active = await this.sessions.active(userId, now);
    const surplus = active.slice(SESSION_CAP.maxActivePerUser).map((s) => s.id);
    await this.sessions.revoke(surplus, now);
    return { sessionId, token, expiresAt };
  }

  /** Verifies X-Uid / X-Sign against the user's sessions; throws the answer code otherwise. */
  async authenticate(uidHeader: string | undefined, signHeader: string | undefined): Promise<Authenticated> {
    const now = this.clock.now();
    const verdict = checkSignatureHeaders(uidHeader, signHeader, now, SESSION.signatureSkewMs);
    if (!verdict.ok) throw new AppError(verdict.code);
    const live = await this.sessions.active(verdict.uid, now);
    const match = this.findSigner(live, verdict.uid, verdict.ms, verdict.hex);
    if (!match) {
      const ended = await this.sessions.recentlyEnded(verdict.uid, now, ENDED_TRIED);
      if (this.findSigner(ended, verdict.uid, verdict.ms, verdict.hex)) throw new AppError('2004');
      throw new AppError('2002');
    }
    // a valid signature is taken once: a captured request sent again is refused
    if (!(await this.replay.firstUse(verdict.uid, verdict.ms, verdict.hex, now))) throw new AppError('2014');
    const user = await this.users.findById(verdict.uid);
    if (!user) throw new AppError('2004');
    if (user.disabled) throw new AppError('2011');
    return { user, sessionId: match.id };
  }

  private findSigner(rows: readonly SessionRow[], uid: number, ms: number, hex: string): SessionRow | undefined {
    return rows.find((row) => {
      const token = this.cipher.decrypt(row.token_enc);
      return token !== undefined && signatureMatches(token, uid, ms, hex);
    });
  }

  /** Logout: ends the current session; a token given alongside must be this session's own. */
  async logout(auth: Authenticated, token: string | undefined): Promise<void> {
    const now = this.clock.now();
    if (token) {
      const row = await this.sessions.findByTokenHash(hashToken(token));
      if (!row || row.id !== auth.sessionId) throw new AppError('2002');
    }
    await this.sessions.revoke([auth.sessionId], now);
  }

  async revokeOthers(userId: number, keepSessionId: number): Promise<void> {
    await this.sessions.revokeAllOfUser(userId, this.clock.now(), keepSessionId);
  }

  /** Housekeeping: sessions ended more than `olderThanMs` ago can no longer earn even a '2004'. */
  async purgeEnded(olderThanMs: number): Promise<void> {
    await this.sessions.purgeEndedBefore(this.clock.now() - olderThanMs);
  }

  async revokeAll(userId: number): Promise<void> {
    await this.sessions.revokeAllOfUser(userId, this.clock.now());
  }
}
