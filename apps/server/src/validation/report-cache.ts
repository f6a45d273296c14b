import { readFileSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import { ValidationReport, type ValidationReportAnswer } from '@pvforge/contracts';
import { ENGINE_VERSION } from '@pvforge/engine';
import { threadEntry } from '@pvforge/workers';
import { Piscina } from 'piscina';
import Value from 'typebox/value';

/**
 * The report the build wrote beside the platform paper (paper-main.ts), when it is there, whole,
 * and of this engine version; otherwise undefined (the server then computes its own).
 */
export function readStoredReport(file: string | undefined): ValidationReport | undefined {
  if (!file) return undefined;
  try {
    const r: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Value.Check(ValidationReport, r) && r.engineVersion === ENGINE_VERSION ? r : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The validation report of this server process. The build's report (same engine) is answered at
 * once, so a visitor never waits for 32 cases (issue 29); the first ask also starts this process's
 * own run on a worker thread, which replaces it when done. Without a stored report the answer is
 * the run's progress until it is ready; a failed run is answered as such and retried on the next
 * ask (the stored report, when there is one, is answered meanwhile).
 */
export class ValidationReportCache {
  private report: ValidationReport | undefined;
  private readonly stored: ValidationReport | undefined;
  private running: Promise<void> | undefined;
  private progress = { done: 0, total: 0 };
  private failure: string | undefined;
  private pool: Piscina | undefined;
  private closed = false;

  constructor(
    private readonly onError: (err: unknown) => void = () => undefined,
    storedFile?: string,
  ) {
    this.stored = readStoredReport(storedFile);
  }

  answer(): ValidationReportAnswer {
    if (this.report) return { state: 'ready', report: this.report };
    let failed: string | undefined;
    if (!this.running && !this.closed) {
      failed = this.failure;
      this.failure = undefined;
      this.running = this.run().finally(() => {
        this.running = undefined;
      });
    }
    if (this.stored) return { state: 'ready', report: this.stored };
    if (failed) return { state: 'failed', reason: failed };
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
