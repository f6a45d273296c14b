import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps what it receives, so a test can read the password-reset
 * mail the platform sent, exactly as a user's mailbox would.
 */
export class Mailbox {
  readonly messages: ParsedMail[] = [];
  private waiters: Array<() => void> = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.messages.push(mail);
          for (const w of this.waiters.splice(0)) w();
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    const addr = this.server.server.address();
    if (addr === null || typeof addr === 'string') throw new Error('SMTP server has no port');
    this.port = addr.port;
  }

  /** Waits for a message to the given address, up to timeoutMs. */
  async waitFor(to: string, timeoutMs = 15_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) =>
        JSON.stringify(m.to ?? '')
          .toLowerCase()
          .includes(to.toLowerCase()),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
