import { LANGS, type Lang } from '@pvforge/contracts';
import videos from './tutorial-videos.json';

/**
 * The walkthroughs of /help (issues 16 and 29): each is a screen recording with captions in both
 * languages, then illustrated steps. The browser test e2e/tests/tutorials.test.ts walks each flow in
 * the running product, records the video and takes each step's picture, and writes them into the
 * running build; the committed copies in apps/web/public/tutorials/ (served as /tutorials/...) and
 * the video lengths in tutorial-videos.json are rewritten when missing or when the test runs with
 * PVFORGE_UPDATE_TUTORIALS=1, and the test fails when the committed captions no longer list the
 * steps it walked. Texts, captions included, are in the i18n part `tutorials`.
 */
export const TUTORIAL_GUIDES = [
  { key: 'optical', steps: 4 },
  { key: 'electrical', steps: 3 },
  { key: 'circuit', steps: 3 },
  { key: 'library', steps: 4 },
] as const;

export type TutorialKey = (typeof TUTORIAL_GUIDES)[number]['key'];

/** The screenshot of step `step` (from 1) of a tutorial, as the web server serves it. */
export function tutorialImage(key: TutorialKey, step: number): string {
  return `/tutorials/${key}-${step}.jpg`;
}

/** Every picture the tutorials show (the browser test checks each exists). */
export function tutorialImages(): string[] {
  return TUTORIAL_GUIDES.flatMap((g) => Array.from({ length: g.steps }, (_, i) => tutorialImage(g.key, i + 1)));
}

/** The screen recording of a tutorial (VP9 WebM, 1280x800). */
export function tutorialVideo(key: TutorialKey): string {
  return `/tutorials/${key}.webm`;
}

/** The captions of a tutorial's video in one language (WebVTT, one cue per step). */
export function tutorialCaptions(key: TutorialKey, lang: Lang): string {
  return `/tutorials/${key}.${lang}.vtt`;
}

/** Every caption language, in the order the player lists them. */
export const TUTORIAL_CAPTION_LANGS: readonly Lang[] = LANGS;

/** Length in seconds of the committed video of a tutorial, or undefined when it has none. */
export function tutorialVideoSeconds(key: TutorialKey): number | undefined {
  return (videos as Partial<Record<string, { seconds: number }>>)[key]?.seconds;
}

/** A video time as m:ss, in whole seconds as a player counts them (rounded down). */
export function formatVideoTime(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
