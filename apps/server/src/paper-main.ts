import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PVFORGE_VERSION } from '@pvforge/contracts';
import { assetsDir } from './jobs/assets.js';
import { renderPaper } from './paper/render-paper.js';
import { buildValidationReport } from './validation/build-report.js';

/**
 * `npm run build` ends here: runs every public benchmark case with the engine just built and
 * writes the platform paper (apps/web/dist/downloads/pvforge-platform-paper.pdf) with a small
 * JSON beside it (version, date, cases passed) that the help page shows. Regenerated on every
 * build, so the paper cannot describe another engine than the one served with it.
 */
const CHAPTERS = [
  'optics.md',
  'drift-diffusion.md',
  'ions.md',
  'transients.md',
  'excitons.md',
  'tunnelling.md',
  'circuit.md',
  'losses.md',
];

export const PAPER_FILE = 'pvforge-platform-paper.pdf';
export const PAPER_META_FILE = 'pvforge-platform-paper.json';

async function main(): Promise<void> {
  const repo = dirname(assetsDir());
  const outDir = process.argv[2] ?? join(repo, 'apps', 'web', 'dist', 'downloads');
  const report = await buildValidationReport();
  const date = new Date().toISOString().slice(0, 10);
  const chapters = CHAPTERS.map((file) => ({
    file,
    markdown: readFileSync(join(repo, 'docs', 'physics', file), 'utf8'),
  }));
  const pdf = await renderPaper({ version: PVFORGE_VERSION, date, report, chapters });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, PAPER_FILE), pdf);
  const meta = {
    version: PVFORGE_VERSION,
    engineVersion: report.engineVersion,
    date,
    passed: report.passed,
    failed: report.failed,
    bytes: pdf.length,
  };
  writeFileSync(join(outDir, PAPER_META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
  process.stdout.write(
    `platform paper: ${join(outDir, PAPER_FILE)} (${(pdf.length / 1024).toFixed(0)} KiB; ${report.passed} cases passed, ${report.failed} failed)\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
