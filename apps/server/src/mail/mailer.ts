import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../clock.js';
import type { MailOutboxRepository } from '../db/repositories/mail-outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

export function createSmtpTransport(smtpUrl: string | undefined): Transporter | undefined {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
}

/**
 * Every message is recorded in mail_outbox first, then delivered in the background: the caller
 * answers at once, so neither SMTP latency nor SMTP failures show in the answer (the reset
 * answer must not differ between registered and unknown addresses). Without SMTP the message
 * stays in the outbox and goes to the log, with `logFields` (e.g. the reset link) for a local admin.
 */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly transport: Transporter | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  async send(message: MailMessage, logFields: Record<string, string> = {}): Promise<void> {
    const now = this.clock.now();
    const row = {
      to_addr: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html,
      kind: message.kind,
    };
    if (!this.transport) {
      const id = await this.outbox.insert(row, 'logged', now);
      this.log.warn(
        { outboxId: id, to: message.to, subject: message.subject, ...logFields },
        'SMTP_URL unset: mail kept in the outbox',
      );
      return;
    }
    const id = await this.outbox.insert(row, 'pending', now);
    const delivery = this.deliver(id, message).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  private async deliver(id: number, message: MailMessage): Promise<void> {
    try {
      await this.transport?.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await this.outbox.setStatus(id, 'sent', this.clock.now());
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.log.error({ outboxId: id, err: reason }, 'mail delivery failed');
      await this.outbox.setStatus(id, 'failed', this.clock.now(), reason.slice(0, 500)).catch(() => undefined);
    }
  }

  /** Waits for deliveries in flight (shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.transport?.close();
  }
}
