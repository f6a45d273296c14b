import type { MailMessage } from './mailer.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The password-reset mail, Chinese first and English below: the recipient's language is not known. */
export function passwordResetMail(to: string, link: string, minutes: number): MailMessage {
  const text = [
    '您好，',
    '',
    `我们收到了为账号 ${to} 重置 PVForge 密码的请求。请在 ${minutes} 分钟内打开下面的链接设置新密码（链接只能使用一次）：`,
    link,
    '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
    '',
    '----',
    '',
    'Hello,',
    '',
    `We received a request to reset the PVForge password of ${to}. Open the link below within ${minutes} minutes to set a new password (it works once):`,
    link,
    'If you did not ask for this, ignore this mail; your password stays unchanged.',
    '',
    'PVForge',
  ].join('\n');
  const a = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  const html = [
    '<p>您好，</p>',
    `<p>我们收到了为账号 ${escapeHtml(to)} 重置 PVForge 密码的请求。请在 ${minutes} 分钟内打开下面的链接设置新密码（链接只能使用一次）：</p>`,
    `<p>${a}</p>`,
    '<p>如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。</p>',
    '<hr>',
    '<p>Hello,</p>',
    `<p>We received a request to reset the PVForge password of ${escapeHtml(to)}. Open the link below within ${minutes} minutes to set a new password (it works once):</p>`,
    `<p>${a}</p>`,
    '<p>If you did not ask for this, ignore this mail; your password stays unchanged.</p>',
    '<p>PVForge</p>',
  ].join('\n');
  return { to, subject: 'PVForge 密码重置 / Password reset', text, html, kind: 'password-reset' };
}
