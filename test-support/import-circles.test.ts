import { describe, expect, it } from 'vitest';
import { findImportCircles, importGraph } from './import-circles.js';

/**
 * Issue 25: no import circle in any workspace's src/, type-only imports included. The graph is
 * built once; the second and third tests guard the finder itself, so that a resolver that quietly
 * stopped resolving (and so found no circle) cannot pass.
 */
describe('import circles', () => {
  const graph = importGraph();

  it('there is none among the workspaces’ sources', () => {
    const circles = findImportCircles(graph).map((t) => t.circle.join('\n  -> '));
    expect(circles, `import circles:\n${circles.join('\n\n')}`).toEqual([]);
  });

  it('the graph resolves .js-suffixed relative imports and workspace packages by their source condition', () => {
    expect(graph.get('packages/engine/src/index.ts')).toContain('packages/engine/src/electrical/index.ts');
    expect(graph.get('packages/contracts/src/schemas/spectrum.ts')).toContain(
      'packages/engine/src/device/spec-check.ts',
    );
    expect(graph.get('apps/server/src/jobs/worker.ts')).toContain('packages/engine/src/index.ts');
    // a type-only import is an edge too
    expect(graph.get('packages/engine/src/electrical/types.ts')).toContain('packages/engine/src/electrical/fields.ts');
  });

  it('finds a circle and names it in order', () => {
    const g = new Map<string, Set<string>>([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts', 'd.ts'])],
      ['d.ts', new Set()],
      ['self.ts', new Set(['self.ts'])],
    ]);
    expect(findImportCircles(g)).toEqual([
      { modules: ['a.ts', 'b.ts', 'c.ts'], circle: ['a.ts', 'b.ts', 'c.ts', 'a.ts'] },
      { modules: ['self.ts'], circle: ['self.ts', 'self.ts'] },
    ]);
  });
});
