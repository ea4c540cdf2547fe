import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers issue 12 untangled stay untangled: no import (type-only included) from `artifact/` up
 * into `cli/` or `generate/`, and none between `index/` and `span/` in both directions.
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

describe('import layers', () => {
  const edges = folderEdges();
  const imports = (from: string, to: string) => edges.get(from)?.get(to) ?? [];

  it('artifact/ does not import cli/ or generate/', () => {
    expect(imports('artifact', 'cli')).toEqual([]);
    expect(imports('artifact', 'generate')).toEqual([]);
  });

  it('index/ and span/ do not import each other both ways', () => {
    expect(imports('index', 'span').length === 0 || imports('span', 'index').length === 0, `index → span: ${imports('index', 'span').join(', ')}; span → index: ${imports('span', 'index').join(', ')}`).toBe(true);
  });
});
