/// <reference lib="webworker" />
import type { DeviceLike } from '@pvforge/engine';
import { loadDeviceAssets } from './browser-assets';
import { runCoarseJv } from './coarse-jv';
import { PREVIEW_DEBOUNCE_MS } from './coarse-settings';
import { clockNow, type JvPreviewAnswer, type JvPreviewRequest, type JvPreviewResponse } from './jv-preview-protocol';

/**
 * The electrical preview off the main thread: the coarse J-V (coarse-jv.ts) of the newest device
 * the editor sent, once PREVIEW_DEBOUNCE_MS passed without a newer one. The quiet time is kept here,
 * not on the main thread, so that the editor's own rendering after an edit does not delay the run.
 * A run is synchronous and hears no message until it ends: the editor terminates this worker when
 * an edit comes while it runs (useJvPreview.ts), which is why it says when it goes deaf (the fetch
 * before a run still hears). The optics
 * of the last devices is kept between runs (the engine's memo), so an electrical edit costs the J-V
 * alone.
 */
const opticsMemo = new Map<string, unknown>();
let latest: JvPreviewRequest | undefined;
let receivedAt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

const post = (m: JvPreviewResponse) => self.postMessage(m);

async function run(req: JvPreviewRequest, received: number): Promise<void> {
  const t0 = performance.now();
  const times = { receivedAt: received, startedAt: clockNow(), postedAt: 0 };
  let answer: JvPreviewAnswer;
  try {
    const assets = await loadDeviceAssets(req.spec as DeviceLike, req.dataBase);
    // a newer device came while the files were fetched: its own quiet time runs it
    if (latest !== req) return;
    post({ type: 'started', id: req.id });
    const fetchMs = performance.now() - t0;
    const outcome = runCoarseJv(req.spec, assets, opticsMemo);
    answer = { ...outcome, ...times, type: 'answer', id: req.id, fetchMs, workerMs: performance.now() - t0 };
  } catch (err) {
    const ms = performance.now() - t0;
    const message = err instanceof Error ? err.message : String(err);
    answer = { kind: 'error', message, ...times, type: 'answer', id: req.id, fetchMs: ms, workerMs: ms };
  }
  post({ ...answer, postedAt: clockNow() });
}

self.onmessage = (e: MessageEvent<JvPreviewRequest>) => {
  latest = e.data;
  receivedAt = clockNow();
  clearTimeout(timer);
  timer = setTimeout(() => void run(latest!, receivedAt), PREVIEW_DEBOUNCE_MS);
};
