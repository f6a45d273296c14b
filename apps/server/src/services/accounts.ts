import { ROLE } from '@pvforge/contracts';
import type { PasswordHasher } from '../auth/password.js';
import type { Clock } from '../clock.js';
import type { ProfilePatch, UsersRepository } from '../db/repositories/users.js';
import type { UserRow } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import {
  checkPassword,
  checkRegistration,
  genderValue,
  normalizePhone,
  type RegistrationInput,
  requiredText,
} from './account-rules.js';
import type { LoginThrottle } from './login-throttle.js';
import type { Authenticated, OpenedSession, SessionService } from './sessions.js';

export interface ProfileInput {
  real_name?: string | undefined;
  nickname?: string | undefined;
  gender?: number | string | undefined;
  phone?: string | undefined;
  enterprise?: string | undefined;
  address?: string | undefined;
}

export interface LoggedIn {
  user: UserRow;
  session: OpenedSession;
}

export class AccountService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  /** Registration logs in: the answer is the new session. */
  async register(input: RegistrationInput, ip: string): Promise<LoggedIn> {
    const reg = checkRegistration(input);
    // Checked before hashing to spare argon2 work; the unique index settles races.
    if (await this.users.findByEmail(reg.email)) throw new AppError('2008');
    const now = this.clock.now();
    const id = await this.users.insert({
      email: reg.email,
      password_hash: await this.hasher.hash(reg.password),
      real_name: reg.real_name,
      nickname: null,
      gender: reg.gender,
      phone: reg.phone,
      enterprise: reg.enterprise,
      address: reg.address,
      role: ROLE.user,
      created_at: now,
      updated_at: now,
    });
    if (id === undefined) throw new AppError('2008');
    const user = await this.users.findById(id);
    if (!user) throw new Error(`user ${id} vanished after insert`);
    return { user, session: await this.sessions.open(id, false, ip) };
  }

  async login(username: string, password: string, remember: boolean, ip: string): Promise<LoggedIn> {
    const email = username.trim().toLowerCase();
    await this.throttle.assertAllowed(email, ip);
    const user = await this.users.findByEmail(email);
    const valid = user ? await this.hasher.verify(user.password_hash, password) : await this.burn(password);
    if (!user || !valid) {
      await this.throttle.recordFailure(email, ip);
      throw new AppError('2005');
    }
    if (user.disabled) throw new AppError('2011');
    await this.throttle.clearAccount(email);
    return { user, session: await this.sessions.open(user.id, remember, ip) };
  }

  private async burn(password: string): Promise<false> {
    await this.hasher.burn(password);
    return false;
  }

  /** A user reads their own profile; an administrator reads anyone's. */
  async profile(viewer: UserRow, userId: number | undefined): Promise<UserRow> {
    const target = userId ?? viewer.id;
    if (target !== viewer.id && viewer.role !== ROLE.admin) throw new AppError('2007');
    const user = target === viewer.id ? viewer : await this.users.findById(target);
    if (!user) throw new AppError('4004');
    return user;
  }

  async updateProfile(user: UserRow, input: ProfileInput): Promise<UserRow> {
    const patch: ProfilePatch = {};
    if (input.real_name !== undefined) patch.real_name = requiredText(input.real_name, 'real_name');
    if (input.nickname !== undefined) patch.nickname = requiredText(input.nickname, 'nickname');
    if (input.gender !== undefined) patch.gender = genderValue(input.gender);
    if (input.phone !== undefined) patch.phone = normalizePhone(input.phone, 'phone');
    if (input.enterprise !== undefined) patch.enterprise = requiredText(input.enterprise, 'enterprise');
    if (input.address !== undefined) patch.address = requiredText(input.address, 'address');
    if (Object.keys(patch).length > 0) await this.users.updateProfile(user.id, patch, this.clock.now());
    const updated = await this.users.findById(user.id);
    if (!updated) throw new AppError('4004');
    return updated;
  }

  /** A changed password ends every other session: whoever else held one loses it. */
  async changePassword(auth: Authenticated, oldPassword: string, newPassword: string): Promise<void> {
    if (!(await this.hasher.verify(auth.user.password_hash, oldPassword))) throw new AppError('2010');
    checkPassword(newPassword, 'new_password');
    await this.users.setPasswordHash(auth.user.id, await this.hasher.hash(newPassword), this.clock.now());
    await this.sessions.revokeOthers(auth.user.id, auth.sessionId);
  }
}
