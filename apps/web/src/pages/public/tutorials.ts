/**
 * The illustrated walkthroughs of /help (issue 16). Each step's picture is a screenshot of the
 * running product taken by the browser test e2e/tests/tutorials.test.ts, which walks the same
 * flow and writes the files into apps/web/public/tutorials/ (served as /tutorials/...); that test
 * fails if a picture named here is missing. Texts are in the i18n part `tutorials`.
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
