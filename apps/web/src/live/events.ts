import type { CalcKind, DeviceFitProgress, JobStatus, LiveMessage } from '@pvforge/contracts';

/** A calculation started: fireOpt | fireElec | fireCircle. */
export interface CalcFire {
  act: string;
  jobId: number;
  kind: CalcKind | undefined;
  recordId: number | undefined;
}
/** progress: percent and the current bias point or wavelength; a device fit's state besides. */
export interface CalcProgress {
  jobId: number;
  kind: CalcKind | undefined;
  percent: number;
  detail: string | undefined;
  /** A device fit's stage, runs, chi-square, current values and model curves. */
  fit?: DeviceFitProgress;
}
/** finishOpt | finishElec | finishCircle: done or failed (msg is the reason). */
export interface CalcFinish {
  act: string;
  jobId: number;
  kind: CalcKind | undefined;
  recordId: number | undefined;
  status: JobStatus | undefined;
  reason: string | undefined;
}
export interface ChatMessage {
  from: number;
  nickname: string;
  msg: string;
  color: string | undefined;
  bg: string | undefined;
  msgid: string | undefined;
}
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'kicked' | 'gave-up' | 'stopped';

/** What the live connection reports; the simulation screens subscribe to the calc events. */
export interface LiveEvents {
  status: LiveStatus;
  fire: CalcFire;
  progress: CalcProgress;
  finish: CalcFinish;
  chat: ChatMessage;
  kill: { from: number | undefined; type: string; seconds: number };
  report: Array<{ uid: number; name: string }>;
  /** Every message as received, for anything the typed events do not cover. */
  message: LiveMessage;
}

export type Listener<T> = (payload: T) => void;

/** A small typed event bus. */
export class Emitter<E> {
  private readonly listeners = new Map<keyof E, Set<Listener<never>>>();

  on<K extends keyof E>(event: K, listener: Listener<E[K]>): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener<never>>();
    this.listeners.set(event, set);
    set.add(listener as Listener<never>);
    return () => {
      set.delete(listener as Listener<never>);
    };
  }

  emit<K extends keyof E>(event: K, payload: E[K]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        (l as Listener<E[K]>)(payload);
      } catch (err) {
        // One broken subscriber must not silence the others (or the connection).
        console.error('live listener failed', err);
      }
    }
  }
}

/** The app-wide live event bus: the connection emits, pages subscribe (useLiveEvent). */
export const liveEvents = new Emitter<LiveEvents>();
