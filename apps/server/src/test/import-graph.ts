import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, for tests that read its source. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

const SOURCE = /\.(ts|tsx)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Source files under `dir` (relative to the repository), without declaration files and build output. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(REPO_ROOT, d), { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.posix.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** Every module specifier a file imports or re-exports (static and dynamic imports). */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2]) as string);
}

/** A relative specifier resolved to the repository path of the file it names, or null. */
export function resolveRelative(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** `file → files it imports` within `files`. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const set = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(path.join(REPO_ROOT, f), 'utf8');
    const targets = importsOf(text).flatMap((s) => resolveRelative(f, s, set) ?? []);
    graph.set(f, [...new Set(targets)]);
  }
  return graph;
}

/** The graph between units (a file's unit is `unitOf(file)`); imports within a unit are left out. */
export function unitGraph(graph: ReadonlyMap<string, string[]>, unitOf: (file: string) => string) {
  const units = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const a = unitOf(from);
    const edges = units.get(a) ?? new Set<string>();
    for (const t of targets) if (unitOf(t) !== a) edges.add(unitOf(t));
    units.set(a, edges);
  }
  return units;
}

/** Strongly connected components with more than one node: each is a cycle of imports. */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string> | readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
