import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the slowest test files after a run (issue 15: keep `npm test` under 5 minutes and show
 * where its time goes). Time per file = its tests and hooks plus collecting (importing) it.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return { file: m.relativeModuleId, project: m.project.name, ms: d.duration + d.collectDuration };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (rows.length === 0) return;
    const lines = rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.project.padEnd(11)} ${r.file}`);
    process.stdout.write(`\nSlowest test files (tests + import):\n${lines.join('\n')}\n`);
  }
}
