import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, REPO_ROOT, resolveRelative, sourceFiles, unitGraph } from './import-graph.js';

/**
 * The boundaries the layout promises (docs/architecture.md), checked on the source itself. Biome's
 * noRestrictedImports (biome.json) enforces the per-file rules: packages/domain does no I/O and imports no
 * app, routes import no repository, modules and the pipeline import no plugin. This file checks what needs
 * the whole graph.
 */

const SERVER = 'apps/server/src/';
/** Files that wire everything together: they may import every unit. */
const COMPOSITION = new Set(
  ['app.ts', 'main.ts', 'services.ts', 'message-catalogue.ts', 'modules/notify/notify-services.ts'].map(
    (f) => SERVER + f,
  ),
);

/** A server file's unit: a module's feature, a pipeline stage, or a top-level folder or file. */
export function serverUnit(file: string): string {
  const parts = file.slice(SERVER.length).split('/');
  if (parts[0] === 'modules') return parts.slice(0, 3).join('/');
  if (parts[0] === 'pipeline') return parts.slice(0, 2).join('/');
  return parts[0] as string;
}

/** A web file's feature folder, or null outside `features/`. */
function webFeature(file: string): string | null {
  const m = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  return m ? (m[1] as string) : null;
}

/** Imports from one web feature into another: `from → to` pairs. */
export function crossFeatureImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const a = webFeature(from);
    if (!a) continue;
    for (const t of targets) {
      const b = webFeature(t);
      if (b && b !== a) out.push(`${from} → ${t}`);
    }
  }
  return out;
}

const isProduction = (f: string) => !/\.test\.tsx?$/.test(f) && !f.includes('/test/');

describe('import boundaries', () => {
  it('has no import cycles between server features, pipeline stages and shared folders', () => {
    const files = sourceFiles(SERVER).filter((f) => isProduction(f) && !COMPOSITION.has(f));
    expect(cycles(unitGraph(importGraph(files), serverUnit))).toEqual([]);
  });

  it('has no import cycles between files anywhere', () => {
    const files = [
      ...sourceFiles('packages/domain/src'),
      ...sourceFiles('packages/shared/src'),
      ...sourceFiles(SERVER),
      ...sourceFiles('apps/web/src'),
    ].filter(isProduction);
    expect(cycles(importGraph(files))).toEqual([]);
  });

  it('imports in one direction between the stroke pipeline and the modules: pipeline → modules', () => {
    const files = sourceFiles(`${SERVER}modules`).filter(isProduction);
    const back = [...importGraph([...files, ...sourceFiles(`${SERVER}pipeline`)])]
      .filter(([from]) => from.startsWith(`${SERVER}modules/`))
      .flatMap(([from, targets]) =>
        targets.filter((t) => t.startsWith(`${SERVER}pipeline/`)).map((t) => `${from} → ${t}`),
      );
    // What a module needs of the engine it declares itself (`LiveWarnings`); pure rules live in packages/domain.
    expect(back.map((pair) => pair.replaceAll(SERVER, ''))).toEqual([]);
  });

  it('lets notify word no kind itself: it imports no other area (each kind registers its words in message-catalogue.ts)', () => {
    const notify = `${SERVER}modules/notify/`;
    const files = sourceFiles(`${SERVER}modules`).filter((f) => isProduction(f) && !COMPOSITION.has(f));
    const out = [...importGraph(files)]
      .filter(([from]) => from.startsWith(notify))
      .flatMap(([from, targets]) =>
        targets.filter((t) => !t.startsWith(notify)).map((t) => `${from} → ${t}`.replaceAll(SERVER, '')),
      );
    expect(out).toEqual([]);
  });

  it('keeps each web feature out of the others (shared pieces live in components/, lib/, map/)', () => {
    expect(crossFeatureImports(importGraph(sourceFiles('apps/web/src')))).toEqual([]);
  });

  it('would catch a wrong import: a cycle, and one feature reaching into another', () => {
    const graph = new Map([
      [
        'apps/server/src/modules/accounts/auth/auth-service.ts',
        ['apps/server/src/modules/accounts/users/x.ts'],
      ],
      [
        'apps/server/src/modules/accounts/users/x.ts',
        ['apps/server/src/modules/accounts/auth/sessions-repo.ts'],
      ],
      ['apps/server/src/modules/accounts/auth/sessions-repo.ts', []],
    ]);
    expect(cycles(unitGraph(graph, serverUnit))).toEqual([
      ['modules/accounts/auth', 'modules/accounts/users'],
    ]);
    const files = new Set(['apps/web/src/features/location/components/level-badge.tsx']);
    const from = 'apps/web/src/features/home/components/home-screen.tsx';
    const target = resolveRelative(from, '../../location/components/level-badge', files) as string;
    expect(crossFeatureImports(new Map([[from, [target]]]))).toEqual([`${from} → ${target}`]);
  });
});

/** Methods that act only on the caller's own session: being signed in is their permission. */
const SELF_ONLY = new Set([
  'accounts/auth/auth-service.ts#logout',
  'accounts/users/users-service.ts#current',
]);

/** The methods of a service that take the caller (`file#name`), and whether they start with the check. */
export function callerMethods(file: string, text: string): { method: string; checked: boolean }[] {
  const out: { method: string; checked: boolean }[] = [];
  // Members at the class's indentation: methods (with their modifiers) and arrow-function properties.
  const member =
    /\n {2}((?:(?:public|private|protected|static|override) )*)(?:async )?(\w+)(?: = (?:async )?)?\(/g;
  for (const start of text.matchAll(member)) {
    // A private member is reached only through the class's own members, which check.
    if ((start[1] ?? '').includes('private')) continue;
    const name = start[2] as string;
    // The parameters run to the matching parenthesis (object types and callbacks nest inside).
    let i = (start.index as number) + start[0].length;
    for (let depth = 1; depth > 0 && i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
    }
    const params = text.slice((start.index as number) + start[0].length, i - 1);
    if (!/:\s*AuthUser\b/.test(params)) continue;
    // The body opens at the first `{` that ends a line with the return type's own braces closed.
    let braces = 0;
    for (; i < text.length; i++) {
      if (text[i] === '{' && braces === 0 && /^\s*\n/.test(text.slice(i + 1, i + 3))) break;
      if (text[i] === '{') braces++;
      else if (text[i] === '}') braces--;
    }
    const first =
      text
        .slice(i + 1)
        .trimStart()
        .split('\n')[0] ?? '';
    out.push({ method: `${file}#${name}`, checked: /^requirePermission\(/.test(first) });
  }
  return out;
}

describe('permission checks', () => {
  it('starts every method that takes a caller with its permission check, in whatever file', () => {
    const services = sourceFiles(`${SERVER}modules`).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const methods = services.flatMap((f) =>
      callerMethods(f.slice(`${SERVER}modules/`.length), readFileSync(path.join(REPO_ROOT, f), 'utf8')),
    );
    const unchecked = methods.filter((m) => !m.checked && !SELF_ONLY.has(m.method)).map((m) => m.method);
    expect(unchecked).toEqual([]);
    // The scan itself must keep finding the methods (64 in services alone when this test was written; 151 in
    // every file once it read all of them, arrow properties and modifiers included; 149 once the wave, typhoon
    // and weather warning lists became one `SiteAlarmListService`).
    expect(methods.length).toBeGreaterThanOrEqual(149);
  });

  it('would catch a method that forgot its check', () => {
    const text = [
      'class X {',
      '  async list(user: AuthUser, q: { limit: number }): Promise<{ items: X[] }> {',
      '    return this.repo.list(q);',
      '  }',
      '  get(user: AuthUser, id: number): X {',
      "    requirePermission(user, 'location.read');",
      '    return this.repo.get(id);',
      '  }',
      '  count(): number {',
      '    return 0;',
      '  }',
      '  public async remove(user: AuthUser, id: number): Promise<void> {',
      '    await this.repo.remove(id);',
      '  }',
      '  rename = async (user: AuthUser, id: number, name: string) => {',
      '    await this.repo.rename(id, name);',
      '  };',
      '  private scoped(user: AuthUser): number | null {',
      '    return user.groupId;',
      '  }',
      '}',
    ].join('\n');
    expect(callerMethods('x-alerts.ts', text)).toEqual([
      { method: 'x-alerts.ts#list', checked: false },
      { method: 'x-alerts.ts#get', checked: true },
      { method: 'x-alerts.ts#remove', checked: false },
      { method: 'x-alerts.ts#rename', checked: false },
    ]);
  });
});

const VALUE_IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The specifiers a file imports values from (not `import type`, nor imports of types only). */
export function valueImportsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(VALUE_IMPORT)) {
    if (m[5]) {
      out.push(m[5]);
      continue;
    }
    if (m[2]) continue;
    const names = /\{([^}]*)\}/.exec(m[3] ?? '')?.[1];
    const onlyTypes =
      names !== undefined &&
      !/^\s*\w/.test((m[3] ?? '').replace(/\{[^}]*\}/, '').replace(/^,/, '')) &&
      names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    if (!onlyTypes) out.push(m[4] as string);
  }
  return out;
}

/** The chain of value imports from the web's source to TypeBox (or a schema module), or null. */
export function pathToTypebox(
  read: (file: string) => string | null,
  roots: readonly string[],
): string[] | null {
  const workspace = (s: string) =>
    /^@thunderwatch\/(shared|domain)\/(.+)$/.exec(s)?.slice(1) as [string, string] | undefined;
  const seen = new Map<string, string | null>(roots.map((r) => [r, null]));
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const text = read(file);
    if (text === null) continue;
    for (const spec of valueImportsOf(text)) {
      const pkg = workspace(spec);
      let target: string | null = null;
      if (spec === 'typebox' || spec.startsWith('typebox/') || file.includes('/shared/src/schemas/')) {
        const chain = [file];
        for (let f = seen.get(file); f; f = seen.get(f)) chain.unshift(f);
        return spec.startsWith('typebox') ? [...chain, spec] : chain;
      }
      if (pkg) target = `packages/${pkg[0]}/src/${pkg[1]}.ts`;
      else if (spec.startsWith('.')) {
        const stem = path.posix
          .normalize(path.posix.join(path.posix.dirname(file), spec))
          .replace(/\.(js|ts|tsx)$/, '');
        target = [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`].find((f) => read(f) !== null) ?? null;
      }
      if (target && !seen.has(target)) {
        seen.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

describe('the web bundle', () => {
  const read = (f: string) => {
    try {
      return readFileSync(path.join(REPO_ROOT, f), 'utf8');
    } catch {
      return null;
    }
  };

  it('takes no TypeBox: the web imports values from no schema module, nor through shared or domain files', () => {
    const roots = sourceFiles('apps/web/src').filter(isProduction);
    expect(pathToTypebox(read, roots)).toBeNull();
  });

  it('would catch a value imported from a schema, directly or through another file', () => {
    const files: Record<string, string> = {
      'apps/web/src/a.ts':
        "import { type X } from '@thunderwatch/shared/schemas/x';\nimport { b } from './b';",
      'apps/web/src/b.ts':
        "import { MODEL_IDS } from '@thunderwatch/shared/map-layers';\nexport const b = 1;",
      'packages/shared/src/map-layers.ts': "import { MODEL_IDS } from './schemas/models.js';",
      'packages/shared/src/schemas/models.ts': "import { Type } from 'typebox';",
    };
    const fake = (f: string) => files[f] ?? null;
    expect(pathToTypebox(fake, ['apps/web/src/a.ts'])).toEqual([
      'apps/web/src/a.ts',
      'apps/web/src/b.ts',
      'packages/shared/src/map-layers.ts',
      'packages/shared/src/schemas/models.ts',
      'typebox',
    ]);
    files['packages/shared/src/map-layers.ts'] = "import type { ModelId } from './schemas/models.js';";
    expect(pathToTypebox(fake, ['apps/web/src/a.ts'])).toBeNull();
  });
});
