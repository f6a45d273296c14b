import { useEffect, useRef, useState } from 'react';
import { dataBaseUrl } from '../../../api/editor';
import { clockNow, type JvPreviewAnswer, type JvPreviewRequest, type JvPreviewResponse } from './jv-preview-protocol';

export interface JvPreviewState {
  /** The answer of the newest edit that has one; never an older edit's once a newer one was made. */
  answer?: JvPreviewAnswer;
  /** When the edit it answers was made and when its answer came (clockNow()), to measure edit -> figures. */
  editedAt?: number;
  answeredAt?: number;
  /** An edit is waiting for its answer: the answer shown (if any) is of the device before it. */
  pending: boolean;
  /** The worker itself failed (its script did not load, it ran out of memory): its message. */
  workerError?: string;
}

/**
 * Runs the coarse J-V of `spec` in a worker after each edit (issue 30). Every edit is sent at once
 * and takes a number; the worker waits for a quiet time before it runs the newest, and an answer is
 * shown only while its number is the newest edit's, so a late answer of an old device is never
 * shown. A run cannot be told to stop, so an edit made while the worker runs an older device
 * terminates that worker and starts a fresh one (its data files come from the HTTP cache). The
 * worker starts with the first device, not with the page's first paint.
 */
export function useJvPreview(spec: unknown, enabled: boolean): JvPreviewState {
  const key = enabled ? JSON.stringify(spec) : '';
  const worker = useRef<Worker | null>(null);
  /** The edit the worker is running (it told so), if any. */
  const running = useRef<number | undefined>(undefined);
  const edit = useRef(0);
  const editedAt = useRef(0);
  const [state, setState] = useState<JvPreviewState>({ pending: false });
  const lastInput = useLastInputTime();

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  useEffect(() => {
    if (!key) return;
    edit.current += 1;
    // from the keystroke when this device comes from one (the editor's own render is part of the wait)
    const now = clockNow();
    editedAt.current = now - lastInput.current < 2000 ? lastInput.current : now;
    setState((s) => (s.pending ? s : { ...s, pending: true }));
    if (running.current !== undefined) {
      worker.current?.terminate();
      worker.current = null;
      running.current = undefined;
    }
    const w = worker.current ?? startWorker();
    const req: JvPreviewRequest = { id: edit.current, spec: JSON.parse(key) as unknown, dataBase: dataBaseUrl() };
    w.postMessage(req);

    function startWorker(): Worker {
      const w = new Worker(new URL('./jv-preview.worker.ts', import.meta.url), { type: 'module' });
      worker.current = w;
      w.onmessage = (e: MessageEvent<JvPreviewResponse>) => {
        if (worker.current !== w) return;
        const m = e.data;
        if (m.type === 'started') {
          running.current = m.id;
          return;
        }
        running.current = undefined;
        if (m.id !== edit.current) return;
        setState({ answer: m, editedAt: editedAt.current, answeredAt: clockNow(), pending: false });
      };
      w.onerror = (e) => {
        if (worker.current !== w) return;
        w.terminate();
        worker.current = null;
        running.current = undefined;
        setState((s) => ({ ...s, pending: false, workerError: e.message || 'worker error' }));
      };
      return w;
    }
  }, [key, lastInput]);

  return state;
}

/** The time of the last input or change event on the page (clockNow()), kept in a ref. */
function useLastInputTime() {
  const at = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const mark = () => {
      at.current = clockNow();
    };
    document.addEventListener('input', mark, true);
    document.addEventListener('change', mark, true);
    return () => {
      document.removeEventListener('input', mark, true);
      document.removeEventListener('change', mark, true);
    };
  }, []);
  return at;
}
