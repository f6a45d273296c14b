import type { CalcKind, DeviceFitProgress, JobStatus } from '@pvforge/contracts';

/**
 * The job queue's contract. Two adapters implement it: the in-process one (a jobs table in the
 * database plus a worker_threads pool; the default) and BullMQ on Redis (REDIS_URL set). Routes and
 * the live hub depend only on this file.
 */
/**
 * The priority of a job whose owner chose queue priority (a charged feature, docs/finance.md): it
 * runs before every ordinary (0) job still waiting, in both adapters.
 */
export const PAID_PRIORITY = 10;

export interface JobSubmission {
  userId: number;
  kind: CalcKind;
  /** The validated input (DeviceSpec, circuit job or device fit job), stored as given so the result can be reproduced. */
  input: unknown;
  /** Higher runs first; ties in submission order. 0 by default; PAID_PRIORITY for queue priority. */
  priority?: number;
  /** Set for the child jobs of a parameter sweep. */
  parentId?: number;
  name?: string;
  /** The client's key of the submission: a second insert with the same user and key fails (unique). */
  requestKey?: string;
}

export type JobEvent =
  | { type: 'started'; jobId: number; userId: number; kind: CalcKind }
  | {
      type: 'progress';
      jobId: number;
      userId: number;
      kind: CalcKind;
      percent: number;
      detail?: string;
      /** A device fit's state (stage, runs, chi-square, values, model curves) for its page. */
      fit?: DeviceFitProgress;
    }
  | {
      type: 'finished';
      jobId: number;
      userId: number;
      kind: CalcKind;
      status: Exclude<JobStatus, 'queued' | 'running'>;
      /** Why, when the status is not 'succeeded'. */
      reason?: string;
    };

export interface JobQueue {
  /** Recovers interrupted jobs (retried once, then failed with the reason) and starts dispatching. */
  start(): Promise<void>;
  /** Stops taking jobs; running ones are left to be recovered at the next start. */
  stop(): Promise<void>;
  /** Persists the job as queued and returns its id. */
  submit(job: JobSubmission): Promise<number>;
  /** Cancels a queued or running job of that user; a running one frees its worker at once. */
  cancel(jobId: number, userId: number): Promise<boolean>;
  onEvent(listener: (event: JobEvent) => void): () => void;
  /**
   * True when every server instance's onEvent sees every job's events (BullMQ: events travel over
   * Redis). Whoever forwards them to users must then deliver locally, or each user gets one copy per
   * instance.
   */
  readonly eventsReachEveryInstance?: boolean;
}

/** How the live hub is reached by whatever reports to users (job events, administrators' kicks). */
export interface LivePublisher {
  /** To every socket of the user on any instance. */
  toUser(userId: number, message: import('@pvforge/contracts').LiveMessage): void;
  /** To the user's sockets on this instance only (for messages every instance already received). */
  toLocalUser?(userId: number, message: import('@pvforge/contracts').LiveMessage): void;
}

/** submit() refuses: the user already has this many calculations queued or running. */
export class JobLimitError extends Error {
  constructor(readonly limit: number) {
    super(`job limit reached (${limit})`);
    this.name = 'JobLimitError';
  }
}

/** submit() refuses: the queue's backend (Redis) cannot be reached; nothing was queued. */
export class QueueUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueueUnavailableError';
  }
}
