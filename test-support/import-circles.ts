import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Finds import circles across every workspace's src/ (issue 25). A circle between modules means
 * neither can be read, tested or moved on its own, and with value imports the one evaluated second
 * sees the other half-initialised; type-only imports count too, because the coupling is the same.
 *
 * Built on the TypeScript compiler API (already a devDependency) rather than an extra tool, so the
 * `.js`-suffixed NodeNext specifiers and the `@pvforge/source` export condition resolve exactly as
 * tsc resolves them, including across workspace packages.
 *
 * Counted: `import`/`export ... from` (type-only too), `import x = require()`, and `import('m').T`
 * in type positions. Not counted: a call `import('m')`, which loads on demand (the web's lazy routes)
 * and so cannot take part in a cycle of module initialisation.
 *
 * Usage: `npm run circles` (exits 1 and prints each circle when there is one).
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['@pvforge/source'],
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

function workspaceSrcDirs(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const dirs: string[] = [];
  for (const ws of pkg.workspaces) {
    const src = join(root, ws, 'src');
    try {
      readdirSync(src);
      dirs.push(src);
    } catch {
      // A workspace without src/ (e2e keeps only tests) has no modules to check.
    }
  }
  return dirs;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The module graph of the workspaces' sources: file -> files it imports (repo-relative paths). */
export function importGraph(): Map<string, Set<string>> {
  const files = workspaceSrcDirs().flatMap((d) => sourceFiles(d));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  const cache = ts.createModuleResolutionCache(root, (f) => f, compilerOptions);
  for (const file of files) {
    const edges = new Set<string>();
    for (const spec of specifiers(file)) {
      const hit = ts.resolveModuleName(spec, file, compilerOptions, ts.sys, cache).resolvedModule;
      if (!hit) continue;
      let target = hit.resolvedFileName;
      try {
        target = realpathSync(target);
      } catch {
        continue;
      }
      if (known.has(target)) edges.add(relative(root, target).split(sep).join('/'));
    }
    graph.set(relative(root, file).split(sep).join('/'), edges);
  }
  return graph;
}

/** Strongly connected components of more than one module (or a module importing itself). */
function tangles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return out;
}

/** The shortest circle through the first module of a tangle, to show a reader where to cut. */
function shortestCircle(graph: Map<string, Set<string>>, members: string[]): string[] {
  const inside = new Set(members);
  const start = members[0]!;
  const parent = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
        return [...path, start];
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

export interface ImportTangle {
  /** Every module of the strongly connected component. */
  modules: string[];
  /** One concrete circle through it, first module repeated at the end. */
  circle: string[];
}

export function findImportCircles(graph = importGraph()): ImportTangle[] {
  return tangles(graph)
    .sort((x, y) => (x[0]! < y[0]! ? -1 : 1))
    .map((modules) => ({ modules, circle: shortestCircle(graph, modules) }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const graph = importGraph();
  const found = findImportCircles(graph);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (found.length === 0) {
    process.stdout.write(`No import circles among ${graph.size} modules (${seconds} s).\n`);
  } else {
    process.stderr.write(`${found.length} import circle(s) among ${graph.size} modules:\n`);
    for (const t of found) {
      process.stderr.write(`\n  ${t.circle.join('\n    -> ')}\n`);
      if (t.modules.length > t.circle.length - 1) {
        process.stderr.write(`  (tangle of ${t.modules.length} modules: ${t.modules.join(', ')})\n`);
      }
    }
    process.exitCode = 1;
  }
}
