import { CALC_ACTS, type LiveMessage } from '@pvforge/contracts';
import type { JobEvent, JobQueue, LivePublisher } from './types.js';

/** The live message of a job event (spec §4 acts fireOpt/progress/finishOpt and their kin). */
export function liveMessageOf(e: JobEvent): LiveMessage {
  switch (e.type) {
    case 'started':
      return { act: CALC_ACTS[e.kind].fire, jobId: e.jobId, kind: e.kind, recordId: e.jobId, status: 'running' };
    case 'progress':
      return {
        act: 'progress',
        jobId: e.jobId,
        kind: e.kind,
        recordId: e.jobId,
        percent: e.percent,
        ...(e.detail ? { detail: e.detail } : {}),
        ...(e.fit ? { fit: e.fit } : {}),
      };
    case 'finished':
      return {
        act: CALC_ACTS[e.kind].finish,
        jobId: e.jobId,
        kind: e.kind,
        recordId: e.jobId,
        status: e.status,
        ...(e.reason ? { msg: e.reason } : {}),
      };
  }
}

/**
 * Forwards every job event to its user over the live hub; returns the unsubscribe. When the queue
 * already delivers each event to every instance (BullMQ), each instance serves only its own sockets;
 * otherwise the hub fans the message out to the other instances.
 */
export function bridgeJobsToLive(queue: JobQueue, live: LivePublisher): () => void {
  const local = queue.eventsReachEveryInstance === true && live.toLocalUser !== undefined;
  return queue.onEvent((e) => {
    const message = liveMessageOf(e);
    if (local) live.toLocalUser!(e.userId, message);
    else live.toUser(e.userId, message);
  });
}
