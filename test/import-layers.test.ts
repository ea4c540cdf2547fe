import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers issue 12 untangled stay untangled: no import cycle among the top-level folders of `src/`
 * (type-only imports included), so each folder is a layer that only imports the ones below it.
 * A walk of the relative imports of every source file (tests excluded).
 */
const SRC = resolve('src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** `from` folder → `to` folder → the import lines that make the edge. */
function folderEdges(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  const folderOf = (path: string) => relative(SRC, dirname(path)).split('/')[0] || '.';
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const specifier = (match[1] ?? match[2])!;
      const from = folderOf(file);
      const to = folderOf(resolve(dirname(file), specifier));
      if (from === to) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      targets.set(to, [...(targets.get(to) ?? []), `${relative(SRC, file)} → ${specifier}`]);
      edges.set(from, targets);
    }
  }
  return edges;
}

/** Every cycle of the folder graph, as `a → b → … → a`: one per strongly connected component (Tarjan). */
function cycles(edges: Map<string, Map<string, string[]>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.unshift(member);
    } while (member !== node);
    if (component.length > 1) found.push(describeCycle(component, edges));
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One cycle through a component, each edge with one import that makes it. */
function describeCycle(component: string[], edges: Map<string, Map<string, string[]>>): string {
  const members = new Set(component);
  const path = [component[0]!];
  const seen = new Set(path);
  for (;;) {
    const here = path[path.length - 1]!;
    const next = [...(edges.get(here)?.keys() ?? [])].find((to) => members.has(to) && (to === path[0] || !seen.has(to))) ?? path[0]!;
    path.push(next);
    if (next === path[0] || seen.has(next)) break;
    seen.add(next);
  }
  return (
    `{${component.join(', ')}}: ` +
    path
      .slice(1)
      .map((to, at) => `${path[at]} → ${to} (${edges.get(path[at]!)?.get(to)?.[0]})`)
      .join('; ')
  );
}

describe('import layers', () => {
  const edges = folderEdges();
  const imports = (from: string, to: string) => edges.get(from)?.get(to) ?? [];

  it('has no cycle among the top-level folders of src/', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('sees a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', ['a/x.ts → ../b/y.js']]])],
      ['b', new Map([['c', ['b/y.ts → ../c/z.js']]])],
      ['c', new Map([['a', ['c/z.ts → ../a/x.js']]])],
      ['d', new Map([['a', ['d/w.ts → ../a/x.js']]])],
    ]);
    expect(cycles(graph)).toEqual(['{a, b, c}: a → b (a/x.ts → ../b/y.js); b → c (b/y.ts → ../c/z.js); c → a (c/z.ts → ../a/x.js)']);
  });

  it('artifact/ does not import cli/ or generate/', () => {
    expect(imports('artifact', 'cli')).toEqual([]);
    expect(imports('artifact', 'generate')).toEqual([]);
  });

  it('index/ and span/ do not import each other both ways', () => {
    expect(
      imports('index', 'span').length === 0 || imports('span', 'index').length === 0,
      `index → span: ${imports('index', 'span').join(', ')}; span → index: ${imports('span', 'index').join(', ')}`,
    ).toBe(true);
  });
});
