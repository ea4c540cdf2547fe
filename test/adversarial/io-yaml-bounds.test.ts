import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonOrYaml } from '../../src/core/structured-text.js';
import { cliPath } from '../helpers/cli.js';

/**
 * YAML aliases share one node, so a ~1 KB document of nested aliases ("billion laughs") loads in a
 * millisecond and then costs 9^n steps to every reader that walks it. Refused at load: the expanded
 * size is counted (each shared node once) and capped, and an alias inside its own anchor is refused.
 */
function aliasBomb(levels: number): string {
  let text =
    'openapi: 3.0.0\ninfo: {title: bomb, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    l0: &l0 {type: string, enum: [lol, lol, lol, lol, lol, lol, lol, lol, lol]}\n';
  for (let level = 1; level <= levels; level++) {
    const previous = `*l${level - 1}`;
    text += `    l${level}: &l${level} {allOf: [${Array(9).fill(previous).join(', ')}]}\n`;
  }
  return text;
}

describe('YAML documents with hostile aliases', () => {
  it('a ~1 KB alias bomb is refused within a second, naming the cause', async () => {
    const bomb = aliasBomb(10);
    expect(bomb.length).toBeLessThan(1500);
    const started = performance.now();
    await expect(parseJsonOrYaml(bomb, 'openapi.yaml')).rejects.toThrow(/aliases expand .* more than/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an alias inside its own anchor (a cycle) is refused', async () => {
    await expect(parseJsonOrYaml('a: &a [1, *a]\n', 'x.yaml')).rejects.toThrow(/refers to itself/);
  });

  it('ordinary anchors and aliases still load', async () => {
    const text = 'defaults: &defaults {type: string}\nfields:\n  a: *defaults\n  b: *defaults\n';
    expect(await parseJsonOrYaml(text, 'x.yaml')).toEqual({ defaults: { type: 'string' }, fields: { a: { type: 'string' }, b: { type: 'string' } } });
  });

  it('diff openapi on an alias bomb exits 2 at once instead of running for minutes (CLI)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'rs-yaml-bomb-'));
    writeFileSync(join(folder, 'old.yaml'), 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\n');
    writeFileSync(join(folder, 'new.yaml'), aliasBomb(10));
    const run = spawnSync(process.execPath, [cliPath, 'diff', 'openapi', join(folder, 'old.yaml'), join(folder, 'new.yaml')], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/aliases expand/);
  });
});
