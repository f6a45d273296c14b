import type { MessagePort } from 'node:worker_threads';
import type { ValidationReport } from '@pvforge/contracts';
import { buildValidationReport } from './build-report.js';

/**
 * Worker-thread entry (piscina) of the validation report: the cases take seconds of CPU, so they
 * never run on the request thread. Progress goes back on the task's port as {done, total}.
 */
export default async function work(task: { port?: MessagePort }): Promise<ValidationReport> {
  try {
    return await buildValidationReport((done, total) => task.port?.postMessage({ done, total }));
  } finally {
    task.port?.close();
  }
}
