// @vitest-environment node
// The renderer's modules import one another without a circle: a module is a file under src/, an import is any
// relative `from '…'`, `import '…'` or `import('…')` (type-only imports included: a circle of types is a circle of
// meanings). The checker must find a circle it is shown, or it guards nothing.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCES = resolve(process.cwd(), 'src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The relative module names `text` imports. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** The file a relative import names from `from`, as the bundler resolves it. */
function resolved(from: string, name: string, exists: (path: string) => boolean): string | null {
  const base = resolve(dirname(from), name);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => /\.(ts|tsx)$/.test(c) && exists(c)) ?? null;
}

/** Every set of modules that import one another round (Tarjan's strongly connected components of more than one). */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) found.push(set.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

function graphOf(files: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets = importsOf(text)
      .map((name) => resolved(file, name, (p) => files.has(p)))
      .filter((t): t is string => t !== null && t !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

describe('the renderer’s imports', () => {
  it('form no circle', () => {
    const files = new Map(filesUnder(SOURCES).map((f) => [f, readFileSync(f, 'utf8')]));
    expect(files.size).toBeGreaterThan(100);
    const found = circles(graphOf(files)).map((set) => set.map((f) => relative(SOURCES, f)));
    expect(found).toEqual([]);
  });

  it('are read the way the bundler resolves them, and a circle shown is found', () => {
    const at = (name: string) => join(SOURCES, '__example__', name);
    const files = new Map([
      [at('a.ts'), "import { b } from './b';\nexport const a = 1;"],
      [at('b.tsx'), "import type { C } from './c';\nexport const b = () => import('./a');"],
      [at('c/index.ts'), "export type C = string; import '../d';"],
      [at('d.ts'), 'export {};'],
    ]);
    expect(importsOf("import x from './x';\nexport { y } from '../y';\nconst z = import('./z');")).toEqual(['./x', '../y', './z']);
    expect(existsSync(at('a.ts'))).toBe(false);
    const found = circles(graphOf(files));
    expect(found).toEqual([[at('a.ts'), at('b.tsx')]]);
  });
});
