import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Video of a flow as the browser test walks it, without Playwright's recorder (it needs the ffmpeg
 * Playwright bundles; we drive Debian's chromium with playwright-core): Chromium's own screencast
 * (CDP Page.startScreencast) sends a JPEG each time the page repaints, with its time, and Debian's
 * ffmpeg turns the frames, each held until the next, into a WebM.
 *
 * A test's waits are not the viewer's: the screencast sends nothing while nothing moves, so one
 * frame may stand for a whole calculation. Each frame is held at most `maxHoldSeconds` in the video,
 * a wait the test marks with `fastForward` is squeezed into a few seconds even when a progress bar
 * keeps repainting, and `hold` gives the result of a step time to be read without the test waiting
 * for it. Step marks are carried through the same cuts, so captions meet their steps.
 */

export const VIDEO_SIZE = { width: 1280, height: 800 } as const;

interface Frame {
  /** wall-clock seconds (Chromium's frame time, the same clock as Date.now) */
  t: number;
  jpeg: Buffer;
  source: number;
}

type Mark =
  | { kind: 'focus'; t: number; source: number }
  | { kind: 'step'; t: number; n: number }
  | { kind: 'hold'; t: number; seconds: number };

interface Squeeze {
  from: number;
  to: number;
  seconds: number;
}

/** What the video shows: each frame with how long it stays, and where each step begins. */
export interface Recording {
  frames: { jpeg: Buffer; seconds: number }[];
  /** video seconds at which step n begins, at index n - 1 */
  steps: number[];
  seconds: number;
}

export interface CutOptions {
  /** the longest any one frame stays on screen, holds aside */
  maxHoldSeconds: number;
  /** the shortest time a picture is shown: faster repaints are thinned to this rate */
  minFrameSeconds: number;
}

const now = () => Date.now() / 1000;

/**
 * Shows each click in the context's pages as a ring that widens and fades in 0.45 s (a headless
 * browser draws no pointer, and a video where things change with no visible cause is hard to
 * follow). It takes no pointer events and is gone before a screenshot's usual 0.5 s settling wait.
 */
export async function showClicks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    addEventListener(
      'pointerdown',
      (e) => {
        const ring = document.createElement('div');
        ring.setAttribute('aria-hidden', 'true');
        Object.assign(ring.style, {
          position: 'fixed',
          left: `${e.clientX - 18}px`,
          top: `${e.clientY - 18}px`,
          width: '36px',
          height: '36px',
          borderRadius: '50%',
          border: '3px solid rgba(22, 119, 255, 0.9)',
          background: 'rgba(22, 119, 255, 0.2)',
          pointerEvents: 'none',
          zIndex: '2147483647',
        });
        document.documentElement.appendChild(ring);
        const a = ring.animate(
          [
            { transform: 'scale(0.5)', opacity: 1 },
            { transform: 'scale(1.6)', opacity: 0 },
          ],
          { duration: 450, easing: 'ease-out' },
        );
        a.onfinish = () => ring.remove();
      },
      true,
    );
  });
}

export class Screencast {
  private readonly frames: Frame[] = [];
  private readonly marks: Mark[] = [];
  private readonly squeezes: Squeeze[] = [];
  private readonly sessions: CDPSession[] = [];
  private started = 0;

  private constructor(private readonly pages: readonly Page[]) {}

  /**
   * Starts recording every given page (several people's windows, e.g. a user's and an
   * administrator's); the video shows the first until `focus` switches.
   */
  static async start(pages: readonly Page[]): Promise<Screencast> {
    const cast = new Screencast(pages);
    cast.started = now();
    cast.marks.push({ kind: 'focus', t: cast.started, source: 0 });
    for (const [source, page] of pages.entries()) {
      const session = await page.context().newCDPSession(page);
      cast.sessions.push(session);
      session.on('Page.screencastFrame', (f) => {
        cast.frames.push({ t: f.metadata.timestamp ?? now(), jpeg: Buffer.from(f.data, 'base64'), source });
        // Chromium sends the next frame only once this one is acknowledged
        session.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
      });
      await session.send('Page.startScreencast', {
        format: 'jpeg',
        quality: 80,
        maxWidth: VIDEO_SIZE.width,
        maxHeight: VIDEO_SIZE.height,
        // at most 30 pictures a second: enough for a tutorial, and half the browser's work at 60
        everyNthFrame: 2,
      });
    }
    return cast;
  }

  /** From now on the video shows this page. */
  focus(page: Page): void {
    const source = this.pages.indexOf(page);
    if (source < 0) throw new Error('focus: the page is not recorded');
    this.marks.push({ kind: 'focus', t: now(), source });
  }

  /** Step `n` (from 1, in order) begins now: its caption starts here. */
  step(n: number): void {
    const last = this.marks.filter((m) => m.kind === 'step').length;
    if (n !== last + 1) throw new Error(`step ${n} marked after step ${last}`);
    this.marks.push({ kind: 'step', t: now(), n });
  }

  /** What is on screen now stays this much longer in the video (the test does not wait for it). */
  hold(seconds: number): void {
    this.marks.push({ kind: 'hold', t: now(), seconds });
  }

  /** Runs a wait (a calculation, say) that the video shows in at most `seconds`. */
  async fastForward<T>(seconds: number, wait: () => Promise<T>): Promise<T> {
    const from = now();
    try {
      return await wait();
    } finally {
      this.squeezes.push({ from, to: now(), seconds });
    }
  }

  /** Stops every page's screencast and cuts the video. */
  async stop(options: CutOptions = { maxHoldSeconds: 2, minFrameSeconds: 1 / 30 }): Promise<Recording> {
    const end = now();
    for (const s of this.sessions) {
      await s.send('Page.stopScreencast').catch(() => undefined);
      await s.detach().catch(() => undefined);
    }
    return cutVideo(this.frames, this.marks, this.squeezes, end, options);
  }
}

/** Real time with the fast-forwarded waits squeezed: seconds since `origin` on the viewer's clock. */
function squeezedClock(squeezes: readonly Squeeze[], origin: number): (t: number) => number {
  return (t) => {
    let s = t - origin;
    for (const q of squeezes) {
      const len = q.to - q.from;
      if (len <= q.seconds) continue;
      const inside = Math.min(Math.max(t - q.from, 0), len);
      s -= inside * (1 - q.seconds / len);
    }
    return s;
  };
}

/**
 * The video from the frames: what is on screen at each moment is the newest frame of the focused
 * page, shown until the next change; each change's time on the squeezed clock is capped at
 * maxHoldSeconds (plus the holds in it), and every mark moves with the cuts and holds before it.
 */
export function cutVideo(
  allFrames: readonly Frame[],
  allMarks: readonly Mark[],
  squeezes: readonly Squeeze[],
  end: number,
  options: CutOptions,
): Recording {
  const frames = [...allFrames].sort((a, b) => a.t - b.t);
  const marks = [...allMarks].sort((a, b) => a.t - b.t);
  // every change of the picture: a new frame of the focused page, or a switch of page
  const shown: { t: number; frame: Frame }[] = [];
  const latest = new Map<number, Frame>();
  let active = 0;
  const show = (t: number, frame: Frame | undefined) => {
    if (frame && shown.at(-1)?.frame !== frame) shown.push({ t, frame });
  };
  let mi = 0;
  const focusUntil = (t: number) => {
    for (; mi < marks.length && marks[mi]!.t <= t; mi++) {
      const m = marks[mi]!;
      if (m.kind !== 'focus') continue;
      active = m.source;
      show(m.t, latest.get(active));
    }
  };
  for (const f of frames) {
    focusUntil(f.t);
    latest.set(f.source, f);
    if (f.source === active) show(f.t, f);
  }
  focusUntil(Number.POSITIVE_INFINITY);
  if (shown.length === 0) throw new Error('the screencast sent no frame of the focused page');

  const clock = squeezedClock(squeezes, shown[0]!.t);
  /** The picture on screen at a moment (the first one for moments before it). */
  const shownAt = (t: number) => {
    let i = shown.length - 1;
    while (i > 0 && shown[i]!.t > t) i--;
    return i;
  };
  // a hold is a pause: the picture of its moment stays that much longer, and what comes after the
  // hold (the next step's mark, usually at the same millisecond) moves by as much
  const pauses = shown.map(() => [] as { order: number; seconds: number }[]);
  for (const [order, m] of marks.entries())
    if (m.kind === 'hold') pauses[shownAt(m.t)]!.push({ order, seconds: m.seconds });
  const starts: number[] = [];
  const lengths: number[] = [];
  let at = 0;
  for (const [i, s] of shown.entries()) {
    const real = clock(shown[i + 1]?.t ?? end) - clock(s.t);
    const seconds = Math.min(real, options.maxHoldSeconds) + pauses[i]!.reduce((sum, p) => sum + p.seconds, 0);
    starts.push(at);
    lengths.push(seconds);
    at += seconds;
  }
  /** The video time of the mark at `order` in `marks`. */
  const videoTime = (order: number) => {
    const t = marks[order]!.t;
    if (t < shown[0]!.t) return 0;
    const i = shownAt(t);
    const paused = pauses[i]!.reduce((sum, p) => sum + (p.order < order ? p.seconds : 0), 0);
    const into = Math.min(Math.max(clock(t) - clock(shown[i]!.t), 0), options.maxHoldSeconds);
    return starts[i]! + Math.min(into + paused, lengths[i]!);
  };
  const steps = [...marks.entries()].flatMap(([order, m]) => (m.kind === 'step' ? [videoTime(order)] : []));

  // at most one picture per minFrameSeconds: a frame that comes sooner takes the place of the one
  // before (a little early), so an animation plays at that rate instead of freezing
  const out: { jpeg: Buffer; seconds: number }[] = [];
  for (const [i, s] of shown.entries()) {
    const prev = out.at(-1);
    if (prev && prev.seconds < options.minFrameSeconds) {
      prev.jpeg = s.frame.jpeg;
      prev.seconds += lengths[i]!;
    } else out.push({ jpeg: s.frame.jpeg, seconds: lengths[i]! });
  }
  return { frames: out, steps, seconds: at };
}

export interface VideoInfo {
  seconds: number;
  width: number;
  height: number;
  codec: string;
  bytes: number;
}

function run(cmd: string, args: string[], cwd?: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out, err }));
  });
}

/** Duration, size and codec of a video file as ffprobe reads it. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  const r = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'format=duration:stream=width,height,codec_name',
    '-of',
    'json',
    file,
  ]);
  if (r.code !== 0) throw new Error(`ffprobe ${file} exited with ${r.code}: ${r.err}`);
  const j = JSON.parse(r.out) as {
    format?: { duration?: string };
    streams?: { width?: number; height?: number; codec_name?: string }[];
  };
  const s = j.streams?.[0];
  return {
    seconds: Number(j.format?.duration ?? Number.NaN),
    width: s?.width ?? 0,
    height: s?.height ?? 0,
    codec: s?.codec_name ?? '',
    bytes: statSync(file).size,
  };
}

/**
 * Encodes the recording as VP9 WebM with each frame's own duration (ffmpeg's concat demuxer), at
 * settings fast enough for CI (realtime, cpu-used 8) and small enough to commit: screen content is
 * mostly still, so constant quality with a bitrate ceiling. Throws with ffmpeg's message when it
 * fails; returns what ffprobe reads back.
 */
export async function encodeWebm(recording: Recording, file: string): Promise<VideoInfo> {
  const dir = mkdtempSync(join(tmpdir(), 'pvforge-screencast-'));
  try {
    const list = ['ffconcat version 1.0'];
    for (const [i, f] of recording.frames.entries()) {
      const name = `f${String(i).padStart(5, '0')}.jpg`;
      writeFileSync(join(dir, name), f.jpeg);
      list.push(`file '${name}'`, `duration ${f.seconds.toFixed(4)}`);
    }
    // the concat demuxer drops the last entry's duration unless the file is named once more
    list.push(list.at(-2)!);
    writeFileSync(join(dir, 'frames.txt'), `${list.join('\n')}\n`);
    const { width, height } = VIDEO_SIZE;
    const r = await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        'frames.txt',
        '-vf',
        // a frame of another size (a resize during the flow) is fitted, never stretched
        `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p`,
        '-fps_mode',
        'vfr',
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-row-mt',
        '1',
        '-crf',
        '36',
        '-b:v',
        '1200k',
        '-g',
        '60',
        '-an',
        file,
      ],
      dir,
    );
    if (r.code !== 0) throw new Error(`ffmpeg exited with ${r.code}: ${r.err}`);
    return await probeVideo(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One caption: from `start` to `end` video seconds. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** A WebVTT file of the cues (text on one line; "-->" and markup characters cannot occur). */
export function webVtt(cues: readonly Cue[]): string {
  const escapeText = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');
  const body = cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${escapeText(c.text)}\n`);
  return `WEBVTT\n\n${body.join('\n')}`;
}

/** The cues of a WebVTT file this module wrote. */
export function parseVtt(text: string): Cue[] {
  const seconds = (s: string) => {
    const [h, m, rest] = s.split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number(rest);
  };
  const unescapeText = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const cues: Cue[] = [];
  for (const block of text.replace(/\r/g, '').split(/\n\n+/)) {
    const lines = block.trim().split('\n');
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) continue;
    const [start = '', end = ''] = lines[timing]!.split('-->').map((s) => s.trim());
    cues.push({ start: seconds(start), end: seconds(end), text: unescapeText(lines.slice(timing + 1).join('\n')) });
  }
  return cues;
}

/** Caption cues for the steps: step i's text from its start to the next step's (the last to the end). */
export function stepCues(steps: readonly number[], seconds: number, texts: readonly string[]): Cue[] {
  if (texts.length !== steps.length) throw new Error(`${steps.length} steps recorded, ${texts.length} captions`);
  // what the video shows before step 1 is marked (its first picture) belongs to step 1
  return steps.map((start, i) => ({ start: i === 0 ? 0 : start, end: steps[i + 1] ?? seconds, text: texts[i]! }));
}
