import type { CheckIssue } from '@pvforge/engine';
import { useEffect, useRef, useState } from 'react';
import { dataBaseUrl } from '../../api/editor';
import type { PreviewRequest, PreviewResponse } from './preview-protocol';

export interface PreviewState {
  result?: Extract<PreviewResponse, { ok: true }>;
  error?: string;
  /** The error as a device check issue, when it is one (worded by its code). */
  issue?: CheckIssue;
  busy: boolean;
  /** From the edit that triggered the run to its result arriving on the main thread, ms. */
  latencyMs?: number;
}

/**
 * Runs the optical part of `spec` in the preview worker whenever it changes. No debounce: an
 * edit is sent at once when the worker is idle; edits made while it computes are coalesced, and
 * only the newest is sent when it is free again (so typing never queues stale runs, and the first
 * keystroke is not delayed). The worker lives as long as the editor.
 */
export function usePreview(spec: unknown, enabled = true): PreviewState {
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const inFlight = useRef<{ id: number; editedAt: number } | null>(null);
  const pending = useRef<{ key: string; editedAt: number } | null>(null);
  const [state, setState] = useState<PreviewState>({ busy: false });
  const key = enabled ? JSON.stringify(spec) : '';

  const send = (k: string, editedAt: number) => {
    const w = worker.current;
    if (!w) return;
    seq.current += 1;
    inFlight.current = { id: seq.current, editedAt };
    const req: PreviewRequest = { id: seq.current, spec: JSON.parse(k) as unknown, dataBase: dataBaseUrl() };
    w.postMessage(req);
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    const w = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    w.onmessage = (e: MessageEvent<PreviewResponse>) => {
      const r = e.data;
      const flight = inFlight.current;
      if (!flight || r.id !== flight.id) return;
      inFlight.current = null;
      const next = pending.current;
      pending.current = null;
      if (next) {
        // A newer edit is waiting: its result is the one to show.
        sendRef.current(next.key, next.editedAt);
        return;
      }
      const latencyMs = performance.now() - flight.editedAt;
      setState(
        r.ok
          ? { result: r, busy: false, latencyMs }
          : { error: r.error, ...(r.issue ? { issue: r.issue } : {}), busy: false, latencyMs },
      );
    };
    w.onerror = (e) => {
      inFlight.current = null;
      setState((s) => ({ ...s, busy: false, error: e.message || 'worker error' }));
    };
    return () => {
      w.terminate();
      worker.current = null;
      inFlight.current = null;
      pending.current = null;
    };
  }, []);

  useEffect(() => {
    if (!key) return;
    const editedAt = performance.now();
    if (inFlight.current) pending.current = { key, editedAt };
    else sendRef.current(key, editedAt);
    setState((s) => (s.busy ? s : { ...s, busy: true }));
  }, [key]);

  return state;
}
