import { PASSWORD_RESET, PASSWORD_RESET_PER_IP } from '@pvforge/contracts';
import type { PasswordHasher } from '../auth/password.js';
import { hashToken, newToken } from '../auth/token-crypto.js';
import type { Clock } from '../clock.js';
import type { PasswordResetsRepository } from '../db/repositories/password-resets.js';
import type { UsersRepository } from '../db/repositories/users.js';
import { AppError } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/templates.js';
import { checkPassword, normalizeEmail } from './account-rules.js';
import type { SessionService } from './sessions.js';

export class PasswordResetService {
  constructor(
    private readonly resets: PasswordResetsRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /**
   * Sends a reset link when the address belongs to an account. Registered or not, the request is
   * recorded, counted and answered the same way, so the answer says nothing about the address.
   */
  async request(emailInput: string, ip: string): Promise<void> {
    const email = normalizeEmail(emailInput, 'email');
    const now = this.clock.now();
    const since = now - PASSWORD_RESET.windowMs;
    const [forEmail, forIp] = await Promise.all([
      this.resets.countForEmailSince(email, since),
      this.resets.countForIpSince(ip, since),
    ]);
    if (forEmail >= PASSWORD_RESET.maxPerWindow || forIp >= PASSWORD_RESET_PER_IP.maxPerWindow) {
      throw new AppError('2012');
    }
    const user = await this.users.findByEmail(email);
    const expiresAt = now + PASSWORD_RESET.ttlMs;
    if (!user || user.disabled) {
      await this.resets.insert({ email, ip, user_id: null, token_hash: null, created_at: now, expires_at: expiresAt });
      return;
    }
    const token = newToken();
    await this.resets.invalidateOpenForUser(user.id, now);
    await this.resets.insert({
      email,
      ip,
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: expiresAt,
    });
    const link = `${this.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send(passwordResetMail(user.email, link, PASSWORD_RESET.ttlMs / 60_000), { resetLink: link });
  }

  /** The link's expiry when it is still good; '2009' otherwise. */
  async check(token: string): Promise<number> {
    return (await this.usable(token)).expires_at;
  }

  /** Sets the new password, spends the link and ends every session of the account. */
  async reset(token: string, password: string): Promise<void> {
    checkPassword(password, 'password');
    const row = await this.usable(token);
    if (row.user_id === null || !(await this.resets.markUsed(row.id, this.clock.now()))) throw new AppError('2009');
    await this.users.setPasswordHash(row.user_id, await this.hasher.hash(password), this.clock.now());
    await this.sessions.revokeAll(row.user_id);
  }

  private async usable(token: string) {
    const row = await this.resets.findByTokenHash(hashToken(token));
    if (!row || row.user_id === null || row.used_at !== null || row.expires_at <= this.clock.now()) {
      throw new AppError('2009');
    }
    return row;
  }
}
