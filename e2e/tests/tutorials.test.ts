import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Lang } from '@pvforge/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en as tutorialsEn, zh as tutorialsZh } from '../../apps/web/src/i18n/parts/tutorials.js';
import {
  formatVideoTime,
  TUTORIAL_CAPTION_LANGS,
  TUTORIAL_GUIDES,
  type TutorialKey,
  tutorialCaptions,
  tutorialImage,
  tutorialImages,
  tutorialVideo,
} from '../../apps/web/src/pages/public/tutorials.js';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform, repoRoot } from '../src/platform.js';
import { registerInBrowser } from '../src/register.js';
import {
  type Cue,
  encodeWebm,
  parseVtt,
  probeVideo,
  Screencast,
  showClicks,
  stepCues,
  type VideoInfo,
  webVtt,
} from '../src/screencast.js';
import { openZhPage, startRig, stopRig } from '../src/session.js';

/**
 * The /help tutorials (issues 16 and 29), recorded from the running product: a new user walks the
 * optical, electrical and circuit-fit flows and submits a device for review, an administrator
 * approves it. Each flow is recorded as a video (Chromium's screencast, encoded by Debian's ffmpeg:
 * e2e/src/screencast.ts) with captions in zh-CN and English made from the i18n part `tutorials`,
 * and each step named in apps/web/src/pages/public/tutorials.ts is saved as a 1280x800 JPEG.
 *
 * Every run writes them into the running build (apps/web/dist/tutorials/), which /help then shows.
 * The committed copies (apps/web/public/tutorials/, and the video lengths in tutorial-videos.json)
 * are written only when missing or with PVFORGE_UPDATE_TUTORIALS=1, since a recording differs a
 * little on every run; the test fails when the committed captions list other steps than this run
 * walked (a changed flow or text), and says how to record them again.
 */
const VIEWPORT = { width: 1280, height: 800 };
const MAX_BYTES = 150 * 1024;
const MAX_VIDEO_BYTES = 3 * 1024 * 1024;
/** no step of a video should flash by: its caption stays at least this long */
const MIN_STEP_SECONDS = 1.5;
/** how long the result of each step stays on screen in the video */
const HOLD_SECONDS = 2;
/** a calculation's wait, however long, takes at most this long in the video */
const WAIT_SECONDS = 3;
/** and a page's loading (spinners, longer on a busy machine) at most this long */
const LOAD_SECONDS = 1;
const UPDATE = process.env.PVFORGE_UPDATE_TUTORIALS === '1';
const RERECORD = 'PVFORGE_UPDATE_TUTORIALS=1 npx vitest run --project e2e e2e/tests/tutorials.test.ts';
const publicDir = join(repoRoot, 'apps/web/public');
const distDir = join(repoRoot, 'apps/web/dist');
const manifestFile = join(repoRoot, 'apps/web/src/pages/public/tutorial-videos.json');

type Manifest = Record<string, { seconds: number }>;
const readManifest = () => JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
/** the video lengths the running build shows on /help (this run may rewrite the file) */
const builtManifest = readManifest();

let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let userCtx: BrowserContext;
let adminCtx: BrowserContext;
let page: Page;
let admin: Page;
let cast: Screencast | undefined;
const taken = new Set<string>();
const recorded = new Map<TutorialKey, { info: VideoInfo; captions: Record<Lang, Cue[]> }>();
let encodingMs = 0;
const stamp = Date.now();
const user = { email: `tutorial.${stamp}@uni.example.cn`, password: 'Tutorial2026', name: '孙教程' };
// a fixed name: each platform run has a fresh database, and the pictures should not change with the clock
const deviceName = '钙钛矿 n-i-p 示例器件';
const byId = (id: string) => page.getByTestId(id);

/** The caption of each step of a tutorial in one language, from the i18n source /help shows too. */
function stepCaptions(lang: Lang, key: TutorialKey): string[] {
  const part = lang === 'en' ? tutorialsEn : tutorialsZh;
  const guide = TUTORIAL_GUIDES.find((g) => g.key === key)!;
  const steps = part[key] as unknown as Record<string, { title: string }>;
  return Array.from({ length: guide.steps }, (_, i) =>
    part.stepTitle.replace('{{n}}', String(i + 1)).replace('{{title}}', steps[`s${i + 1}`]!.title),
  );
}

/**
 * Writes a tutorial file into the running build (dist/ was built before this test made it) and,
 * when it is missing there or the run asks for it, into the committed public/ copy.
 */
function publish(rel: string, data: Buffer | string, committed = UPDATE || !existsSync(join(publicDir, rel))): void {
  for (const root of committed ? [distDir, publicDir] : [distDir]) {
    mkdirSync(join(root, 'tutorials'), { recursive: true });
    writeFileSync(join(root, rel), data);
  }
}

/** Scrolls smoothly (the video shows where the view goes) until `focus` is in view, if it is not. */
async function scrollTo(focus: Locator) {
  await focus.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const r = el.getBoundingClientRect();
        if (r.top >= 0 && r.bottom <= innerHeight) return resolve();
        const done = () => resolve();
        document.addEventListener('scrollend', done, { capture: true, once: true });
        setTimeout(done, 2000);
        el.scrollIntoView({ behavior: 'smooth', block: r.height > innerHeight ? 'start' : 'center' });
      }),
  );
}

/** Saves the viewport as the picture of a tutorial step, scrolled to `focus` when given. */
async function shot(p: Page, key: TutorialKey, step: number, focus?: Locator) {
  if (focus) await scrollTo(focus);
  await p.waitForTimeout(500); // drawers, dialogs and plots finish moving
  const rel = tutorialImage(key, step);
  const jpeg = await p.screenshot({ type: 'jpeg', quality: 70 });
  expect(jpeg.length, rel).toBeLessThanOrEqual(MAX_BYTES);
  publish(rel, jpeg);
  taken.add(rel);
  cast?.hold(HOLD_SECONDS);
}

/** Records `flow` on the given pages (the first shown until the flow focuses another), then encodes it. */
async function record(key: TutorialKey, pages: Page[], flow: (c: Screencast) => Promise<void>) {
  cast = await Screencast.start(pages);
  let recording: Awaited<ReturnType<Screencast['stop']>>;
  try {
    await flow(cast);
  } finally {
    recording = await cast.stop();
    cast = undefined;
  }
  const started = performance.now();
  mkdirSync(join(distDir, 'tutorials'), { recursive: true });
  const distVideo = join(distDir, tutorialVideo(key));
  const info = await encodeWebm(recording, distVideo);
  encodingMs += performance.now() - started;
  const captions = {} as Record<Lang, Cue[]>;
  for (const lang of TUTORIAL_CAPTION_LANGS)
    captions[lang] = stepCues(recording.steps, info.seconds, stepCaptions(lang, key));
  recorded.set(key, { info, captions });

  // the three files of a video are committed together, with its length for the /help cards
  const files = [tutorialVideo(key), ...TUTORIAL_CAPTION_LANGS.map((l) => tutorialCaptions(key, l))];
  const committed = UPDATE || files.some((rel) => !existsSync(join(publicDir, rel)));
  for (const lang of TUTORIAL_CAPTION_LANGS) publish(tutorialCaptions(key, lang), webVtt(captions[lang]), committed);
  if (committed) {
    copyFileSync(distVideo, join(publicDir, tutorialVideo(key)));
    const manifest = readManifest();
    manifest[key] = { seconds: Math.round(info.seconds * 1000) / 1000 };
    const ordered = Object.fromEntries(
      TUTORIAL_GUIDES.flatMap((g) => (manifest[g.key] ? [[g.key, manifest[g.key]]] : [])),
    );
    writeFileSync(manifestFile, `${JSON.stringify(ordered, null, 2)}\n`);
  }
}

/** Opens a page of the platform and waits until `ready` shows, the loading fast-forwarded. */
async function load(c: Screencast, p: Page, path: string, ready: Locator) {
  await c.fastForward(LOAD_SECONDS, async () => {
    await p.goto(`${platform.url}${path}`);
    await ready.waitFor();
  });
}

async function runFinished(p: Page, timeout: number) {
  const status = p.locator('[data-testid^="run-status-"]').first();
  await status.waitFor();
  await expect.poll(() => status.innerText(), { timeout }).toBe('已完成');
}

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context: userCtx, page } = await openZhPage(browser, VIEWPORT));
  ({ context: adminCtx, page: admin } = await openZhPage(browser, VIEWPORT));
  await showClicks(userCtx);
  await showClicks(adminCtx);
}, 120_000);

afterAll(async () => {
  if (encodingMs > 0) console.log(`tutorial videos: ${(encodingMs / 1000).toFixed(1)} s encoding`);
  await stopRig({ mailbox, platform, browser }, [userCtx, adminCtx]);
});

describe('tutorial videos and pictures from the running product', () => {
  it('optical: the editor, the illumination settings, the preview with the run, the result', async () => {
    await registerInBrowser(page, platform.url, user, '13812345672');
    await record('optical', [page], async (c) => {
      c.step(1);
      await load(c, page, '/plat/calc/opt', byId('load-demo'));
      await byId('load-demo').click();
      await c.fastForward(LOAD_SECONDS, () =>
        expect.poll(() => byId('preview-jph-MAPbI3').count(), { timeout: 30_000 }).toBe(1),
      );
      await shot(page, 'optical', 1);
      c.step(2);
      await shot(page, 'optical', 2, byId('illumination-form'));
      c.step(3);
      await byId('calc-submit').click();
      await c.fastForward(WAIT_SECONDS, () => runFinished(page, 90_000));
      await shot(page, 'optical', 3, page.locator('[data-testid^="run-status-"]').first());
      c.step(4);
      await page.locator('[data-testid^="run-result-"]').first().click();
      await c.fastForward(LOAD_SECONDS, async () => {
        await page.waitForURL(/\/plat\/rsto\/\d+$/);
        await byId('result-input-summary').waitFor();
      });
      await shot(page, 'optical', 4);
    });
  });

  it('electrical: the demo device, its electrical settings, the J-V result', async () => {
    await record('electrical', [page], async (c) => {
      c.step(1);
      await load(c, page, '/plat/calc/elec', byId('load-demo'));
      await byId('load-demo').click();
      await c.fastForward(LOAD_SECONDS, () =>
        expect.poll(() => byId('preview-jph-MAPbI3').count(), { timeout: 30_000 }).toBe(1),
      );
      await shot(page, 'electrical', 1);
      c.step(2);
      await shot(page, 'electrical', 2, page.locator('[data-testid="contact-front"]'));
      c.step(3);
      await byId('calc-submit').click();
      await c.fastForward(WAIT_SECONDS, () => runFinished(page, 240_000));
      await page.locator('[data-testid^="run-result-"]').first().click();
      await c.fastForward(LOAD_SECONDS, async () => {
        await page.waitForURL(/\/plat\/rste\/\d+$/);
        await byId('result-input-summary').waitFor();
        await page.waitForTimeout(1000); // the plots draw
      });
      await shot(page, 'electrical', 3);
    });
  });

  it('circuit fit: the form, the uploaded curve, the fitted parameters', async () => {
    await record('circuit', [page], async (c) => {
      c.step(1);
      await load(c, page, '/plat/calc/circle', byId('circuit-form-circle'));
      await shot(page, 'circuit', 1);
      c.step(2);
      await page
        .locator('[data-testid="curve-input"] input[type="file"]')
        .setInputFiles(join(publicDir, 'downloads/sample-perovskite-jv.csv'));
      await c.fastForward(LOAD_SECONDS, () => byId('curve-preview-plot').waitFor());
      await shot(page, 'circuit', 2, byId('curve-preview'));
      c.step(3);
      await byId('circuit-submit').click();
      await c.fastForward(WAIT_SECONDS, async () => {
        await page.waitForURL(/\/plat\/rstc\/\d+$/, { timeout: 90_000 });
        await byId('rstc-params').waitFor({ timeout: 30_000 });
      });
      await shot(page, 'circuit', 3);
    });
  });

  it('library: import, submit for review, the administrator approves, the public library', async () => {
    const spec = JSON.parse(
      readFileSync(join(repoRoot, 'assets/devices/perovskite-nip-electrical.device.json'), 'utf8'),
    );
    spec.name = deviceName;
    const file = join(tmpdir(), `tutorial-${stamp}.device.json`);
    writeFileSync(file, JSON.stringify(spec));
    await record('library', [page, admin], async (c) => {
      c.step(1);
      await load(c, page, '/plat/myElecMaterial', byId('device-import'));
      await page.locator('input[type=file]').setInputFiles(file);
      await c.fastForward(LOAD_SECONDS, () =>
        expect.poll(() => byId('device-table').innerText(), { timeout: 15_000 }).toContain(deviceName),
      );
      await shot(page, 'library', 1);

      c.step(2);
      const row = page.locator('tr', { hasText: deviceName });
      const deviceId = (await row.getByTestId('device-id').getAttribute('data-id')) ?? '';
      await row.getByTestId('device-submit').click();
      await byId('device-submit-note').fill('请审核：教程示例器件');
      await byId('device-submit-ok').click();
      await c.fastForward(LOAD_SECONDS, () =>
        expect.poll(() => row.getByTestId('device-status').getAttribute('data-status')).toBe('pending'),
      );
      await shot(page, 'library', 2);

      c.step(3);
      c.focus(admin);
      await load(
        c,
        admin,
        `/?redirect=${encodeURIComponent('/plat/manage/review')}`,
        admin.getByTestId('login-username'),
      );
      await admin.getByTestId('login-username').fill(ADMIN.email);
      await admin.getByTestId('login-password').fill(ADMIN.password);
      await admin.getByTestId('login-submit').click();
      const review = admin.getByTestId(`review-row-${deviceId}`);
      await c.fastForward(LOAD_SECONDS, async () => {
        await admin.waitForURL((u) => u.pathname === '/plat/manage/review');
        await review.waitFor();
      });
      await review.getByTestId('review-preview-open').click();
      await c.fastForward(LOAD_SECONDS, () => admin.getByTestId('device-layers').waitFor());
      await shot(admin, 'library', 3);
      await admin.keyboard.press('Escape');
      await admin.getByTestId('review-preview-body').waitFor({ state: 'detached' });
      await review.getByTestId('review-approve').click();
      await admin.getByTestId('review-approve-ok').click();
      await c.fastForward(LOAD_SECONDS, () => review.waitFor({ state: 'detached' }));

      c.step(4);
      c.focus(page);
      await load(c, page, '/plat/elecMaterial', byId('device-table'));
      await c.fastForward(LOAD_SECONDS, () =>
        expect.poll(() => byId('device-table').innerText(), { timeout: 15_000 }).toContain(deviceName),
      );
      await shot(page, 'library', 4);
    });
  });

  it('took every picture the tutorials name, and no other', () => {
    expect([...taken].sort()).toEqual([...tutorialImages()].sort());
    for (const rel of tutorialImages()) expect(existsSync(join(publicDir, rel)), rel).toBe(true);
  });

  it('recorded each flow as a small 1280x800 VP9 video with a caption per step in both languages', () => {
    expect([...recorded.keys()].sort()).toEqual(TUTORIAL_GUIDES.map((g) => g.key).sort());
    for (const g of TUTORIAL_GUIDES) {
      const { info, captions } = recorded.get(g.key)!;
      expect(info, g.key).toMatchObject({ width: 1280, height: 800, codec: 'vp9' });
      expect(info.seconds, g.key).toBeGreaterThan(0);
      expect(info.bytes, g.key).toBeLessThanOrEqual(MAX_VIDEO_BYTES);
      for (const lang of TUTORIAL_CAPTION_LANGS) {
        const cues = captions[lang];
        expect(
          cues.map((c) => c.text),
          `${g.key} ${lang}`,
        ).toEqual(stepCaptions(lang, g.key));
        expect(cues[0]!.start, `${g.key} ${lang}`).toBe(0);
        for (const c of cues)
          expect(c.end - c.start, `${g.key} ${lang}: ${c.text}`).toBeGreaterThanOrEqual(MIN_STEP_SECONDS);
        expect(cues.at(-1)!.end, `${g.key} ${lang}`).toBeCloseTo(info.seconds, 3);
      }
    }
  });

  it('has committed videos whose captions list the steps this run walked', async () => {
    const manifest = readManifest();
    expect(Object.keys(manifest), `tutorial-videos.json; re-record: ${RERECORD}`).toEqual(
      TUTORIAL_GUIDES.map((g) => g.key),
    );
    for (const g of TUTORIAL_GUIDES) {
      const info = await probeVideo(join(publicDir, tutorialVideo(g.key)));
      expect(info, g.key).toMatchObject({ width: 1280, height: 800, codec: 'vp9' });
      expect(info.bytes, g.key).toBeLessThanOrEqual(MAX_VIDEO_BYTES);
      expect(info.seconds, `${g.key}: tutorial-videos.json is of another recording; ${RERECORD}`).toBeCloseTo(
        manifest[g.key]!.seconds,
        2,
      );
      for (const lang of TUTORIAL_CAPTION_LANGS) {
        const rel = tutorialCaptions(g.key, lang);
        const cues = parseVtt(readFileSync(join(publicDir, rel), 'utf8'));
        expect(
          cues.map((c) => c.text),
          `the committed ${rel} lists other steps than this run walked; re-record: ${RERECORD}`,
        ).toEqual(recorded.get(g.key)!.captions[lang].map((c) => c.text));
        expect(cues.at(-1)!.end, rel).toBeLessThanOrEqual(info.seconds + 0.05);
      }
    }
  });

  it('links each tutorial from /help and shows its video with captions and its steps with their pictures', async () => {
    const visitor = await browser.newPage({ viewport: VIEWPORT, locale: 'zh-CN' });
    await visitor.goto(`${platform.url}/help`);
    await visitor.getByTestId('help-tutorials').waitFor();
    expect(await visitor.getByTestId('tutorial').count()).toBe(TUTORIAL_GUIDES.length);
    await visitor.getByTestId('help-tutorials').scrollIntoViewIfNeeded();
    await screenshot(visitor, 'help-tutorial-cards');
    for (const g of TUTORIAL_GUIDES) {
      await visitor.goto(`${platform.url}/help`);
      expect(await visitor.getByTestId(`tutorial-video-tag-${g.key}`).innerText()).toBe(
        `视频 ${formatVideoTime(builtManifest[g.key]!.seconds)}`,
      );
      await visitor.getByTestId(`tutorial-link-${g.key}`).click();
      await visitor.waitForURL((u) => u.pathname === '/help' && u.searchParams.get('tutorial') === g.key);
      await visitor.getByTestId(`tutorial-${g.key}`).waitFor();

      const video = visitor.getByTestId('tutorial-video');
      await checkVideo(video, g.key, 'zh-CN');
      await screenshot(visitor, `help-tutorial-${g.key}`);
      expect(await visitor.getByTestId('tutorial-step-title').allInnerTexts()).toEqual(stepCaptions('zh-CN', g.key));

      // each step's button starts the video at that step's caption
      const cues = recorded.get(g.key)!.captions['zh-CN'];
      const last = g.steps;
      await visitor.getByTestId(`tutorial-play-${last}`).click();
      await expect
        .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime))
        .toBeGreaterThanOrEqual(cues[last - 1]!.start - 0.01);
      expect(await video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeLessThanOrEqual(cues[last - 1]!.end);
      await video.evaluate((el: HTMLVideoElement) => el.pause());

      expect(await visitor.getByTestId('tutorial-step').count()).toBe(g.steps);
      const shots = visitor.getByTestId('tutorial-shot');
      for (let i = 0; i < g.steps; i++) {
        const img = shots.nth(i);
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
          .toBe(VIEWPORT.width);
      }
    }

    // the UI switched to English: the English captions become the default and show
    await visitor.getByTestId('lang-switch').click();
    await checkVideo(visitor.getByTestId('tutorial-video'), TUTORIAL_GUIDES.at(-1)!.key, 'en');
    await visitor.goto(`${platform.url}/help?tutorial=optical`);
    await checkVideo(visitor.getByTestId('tutorial-video'), 'optical', 'en');
    expect(await visitor.getByTestId('tutorial-step-title').allInnerTexts()).toEqual(stepCaptions('en', 'optical'));

    for (const [rel, type] of [
      [tutorialCaptions('optical', 'en'), 'text/vtt'],
      [tutorialVideo('optical'), 'video/webm'],
    ] as const) {
      const r = await visitor.request.get(`${platform.url}${rel}`);
      expect(r.headers()['content-type'], rel).toContain(type);
    }
    await visitor.close();
  });

  it('fits the video and the tutorial cards into an 800 px wide window', async () => {
    const narrow = await browser.newPage({ viewport: { width: 800, height: 900 }, locale: 'zh-CN' });
    for (const path of ['/help', '/help?tutorial=library']) {
      await narrow.goto(`${platform.url}${path}`);
      await narrow.getByTestId('help-tutorials').or(narrow.getByTestId('tutorial-video')).waitFor();
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(800);
      await screenshot(narrow, `help-800px-${path.includes('tutorial') ? 'tutorial' : 'list'}`);
    }
    const box = await narrow.getByTestId('tutorial-video').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(800);
    expect(box!.width / box!.height).toBeCloseTo(1280 / 800, 1);
    await narrow.close();
  });
});

/**
 * The video on a tutorial page loads (metadata at least), is 1280 px wide, carries a caption track
 * per language labelled in its own, and its default track, the UI language's, is the one showing
 * and holds the step captions of that language.
 */
async function checkVideo(video: Locator, key: TutorialKey, lang: Lang) {
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 1 && el.duration > 0), { timeout: 15_000 })
    .toBe(true);
  const facts = () =>
    video.evaluate((el: HTMLVideoElement) => ({
      width: el.videoWidth,
      poster: new URL(el.poster).pathname,
      preload: el.preload,
      controls: el.controls,
      tracks: Array.from(el.querySelectorAll('track'), (t) => ({
        lang: t.srclang,
        label: t.label,
        kind: t.kind,
        default: t.default,
        showing: t.track.mode === 'showing',
      })),
      textTracks: el.textTracks.length,
    }));
  // polled: the browser picks captions by its own language once the tracks are in, and the page
  // then puts back the UI language's
  await expect.poll(facts).toEqual({
    width: 1280,
    poster: tutorialImage(key, 1),
    preload: 'metadata',
    controls: true,
    tracks: TUTORIAL_CAPTION_LANGS.map((l) => ({
      lang: l,
      label: l === 'en' ? 'English' : '中文',
      kind: 'captions',
      default: l === lang,
      showing: l === lang,
    })),
    textTracks: TUTORIAL_CAPTION_LANGS.length,
  });
  await expect
    .poll(
      () =>
        video.evaluate((el: HTMLVideoElement, l) => {
          const track = Array.from(el.querySelectorAll('track')).find((t) => t.default && t.srclang === l);
          return Array.from(track?.track.cues ?? [], (c) => (c as VTTCue).text);
        }, lang),
      { timeout: 15_000 },
    )
    .toEqual(stepCaptions(lang, key));
}
