import { randomBytes } from 'node:crypto';
import { isStrongPassword, ROLE } from '@pvforge/contracts';
import type { AppConfig } from '../config.js';
import type { Services } from '../services/container.js';
import { seedDemoDevices } from './demo-devices.js';
import { FAQ } from './faq.js';
import { seedMaterials } from './materials.js';
import { NEWS } from './news.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@pvforge.local';

/** A random password that always satisfies the spec's rule (lowercase, uppercase and digits present). */
export function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');
    if (/[a-z]/.test(candidate) && /[A-Z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

function banner(email: string, password: string): string {
  const line = '='.repeat(72);
  return [
    '',
    line,
    '  PVForge administrator created (shown once, it is not stored in clear):',
    `    e-mail:   ${email}`,
    `    password: ${password}`,
    '  Log in and change the password, or set ADMIN_EMAIL / ADMIN_PASSWORD.',
    line,
    '',
  ].join('\n');
}

/**
 * First-start content, idempotent: an administrator when none exists, news and FAQ when their
 * tables are empty, every shipped demo device in the public device library once. `print` receives the one-time banner of a generated password.
 */
export async function seed(s: Services, config: AppConfig, print: (text: string) => void): Promise<void> {
  if ((await s.users.countAdmins()) === 0) {
    const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
    const generated = config.adminPassword === undefined;
    const password = config.adminPassword ?? generatePassword();
    if (!isStrongPassword(password)) {
      throw new Error('ADMIN_PASSWORD must have at least 6 characters and two of: lowercase, uppercase, digits');
    }
    const now = s.clock.now();
    const existing = await s.users.findByEmail(email);
    if (existing) {
      throw new Error(`ADMIN_EMAIL ${email} belongs to an ordinary user; choose another address`);
    }
    await s.users.insert({
      email,
      password_hash: await s.hasher.hash(password),
      real_name: '管理员',
      nickname: 'admin',
      gender: 1,
      phone: '+8613800000000',
      // Left empty so the seeded account does not count as an institution in /sys/stat/all.
      enterprise: '',
      address: '',
      role: ROLE.admin,
      created_at: now,
      updated_at: now,
    });
    if (generated) print(banner(email, password));
  }
  const now = s.clock.now();
  if ((await s.content.countNews()) === 0) {
    await s.content.insertNews(NEWS.map((n) => ({ ...n, created_at: now })));
  }
  if ((await s.content.countFaq()) === 0) {
    await s.content.insertFaq(FAQ.map((f, i) => ({ ...f, sort: i + 1 })));
  }
  const adminId = await s.users.firstAdminId();
  if (adminId !== undefined) await seedDemoDevices(s, adminId, now);
  await seedMaterials(s);
}
