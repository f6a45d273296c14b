import { MessageChannel } from 'node:worker_threads';
import type { ValidationReport, ValidationReportAnswer } from '@pvforge/contracts';
import { threadEntry } from '@pvforge/workers';
import { Piscina } from 'piscina';

/**
 * The validation report of this server process: computed once, on a worker thread, the first
 * time anyone asks (so a server that nobody asks spends nothing), then kept in memory. Until it is
 * ready the answer is the progress; a failed run is answered as such and retried on the next ask.
 */
export class ValidationReportCache {
  private report: ValidationReport | undefined;
  private running: Promise<void> | undefined;
  private progress = { done: 0, total: 0 };
  private failure: string | undefined;
  private pool: Piscina | undefined;
  private closed = false;

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  answer(): ValidationReportAnswer {
    if (this.report) return { state: 'ready', report: this.report };
    if (!this.running && !this.closed) {
      const failed = this.failure;
      this.failure = undefined;
      this.running = this.run().finally(() => {
        this.running = undefined;
      });
      if (failed) return { state: 'failed', reason: failed };
    }
    return { state: 'computing', ...this.progress };
  }

  /** Resolves when the current run (if any) is over; for tests and the paper build. */
  async settled(): Promise<void> {
    await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
    this.pool = undefined;
  }

  private async run(): Promise<void> {
    const entry = threadEntry(import.meta.url, 'report-worker');
    this.pool ??= new Piscina({
      filename: entry.filename,
      execArgv: entry.execArgv,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 1000,
    });
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (m: { done: number; total: number }) => {
      this.progress = m;
    });
    try {
      this.report = (await this.pool.run({ port: port2 }, { transferList: [port2] as never })) as ValidationReport;
    } catch (err) {
      if (!this.closed) {
        this.failure = err instanceof Error ? err.message : String(err);
        this.onError(err);
      }
    } finally {
      port1.close();
    }
  }
}
