import type { CoarseJvOutcome } from './coarse-jv';

/** Messages between the editor and the electrical preview worker (jv-preview.worker.ts). */
export interface JvPreviewRequest {
  /** The edit this request belongs to: an answer is shown only while it is the newest edit's. */
  id: number;
  /** The editor's DeviceSpec, with its electrical block. */
  spec: unknown;
  /** Absolute URL of the data-file route, e.g. https://host/calc/data. */
  dataBase: string;
}

export type JvPreviewResponse =
  /** The worker began the run of this edit: from now on it hears nothing until the answer. */
  | { type: 'started'; id: number }
  | (CoarseJvOutcome & {
      type: 'answer';
      id: number;
      /** Fetching the data files the device needs (first run, or a new material), ms. */
      fetchMs: number;
      /** From the start of the run to its answer: fetching, the device check and the engine, ms. */
      workerMs: number;
      /** When the worker got the request, began the run and posted this answer (clockNow()), for the times shown. */
      receivedAt: number;
      startedAt: number;
      postedAt: number;
    });

export type JvPreviewAnswer = Extract<JvPreviewResponse, { type: 'answer' }>;

/**
 * A clock the page and the worker share: each has its own performance.now() origin, so times that
 * cross between them are counted from the epoch (ms, sub-ms precision).
 */
export const clockNow = (): number => performance.timeOrigin + performance.now();
