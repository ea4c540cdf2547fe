import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { parseIndex } from '../../src/span/load-index.js';
import { cliPath, projectRoot } from '../helpers/cli.js';
import { makeArtifact, writeArtifacts } from '../index/artifacts.js';

/**
 * Several `index` runs writing one --out at the same time (CI jobs of two releases racing): a reader
 * polling the file meanwhile never sees a half-written or invalid index, no temporary file is left,
 * and the index that stays holds every entry.
 */
function runIndex(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'index', ...args], { cwd: projectRoot, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? -1));
  });
}

describe('concurrent index writers', () => {
  it('four runs on one --out: every read sees a whole, valid index; nothing is lost or left behind', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rs-index-race-'));
    const versions = Array.from({ length: 30 }, (_, minor) => `1.${minor}.0`);
    writeArtifacts(
      join(folder, 'artifacts'),
      versions.map((version, position) =>
        makeArtifact(version, versions[position - 1] ?? null, { date: new Date(Date.UTC(2026, 0, 1 + position)).toISOString() }),
      ),
    );
    const out = join(folder, 'index.json');
    writeFileSync(out, '');
    const args = ['--artifacts', join(folder, 'artifacts'), '--out', out];
    expect(await runIndex(args)).toBe(0);

    let reads = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const text = readFileSync(out, 'utf8');
        // Throws on a torn or invalid file: the test fails with the loader's message.
        expect(parseIndex(text, out).entries).toHaveLength(versions.length);
        reads++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const codes = await Promise.all(Array.from({ length: 4 }, () => runIndex([...args, '--index', out])));
    polling = false;
    await poller;

    expect(codes).toEqual([0, 0, 0, 0]);
    expect(reads).toBeGreaterThan(0);
    const final = JSON.parse(readFileSync(out, 'utf8')) as ReleaseSafetyIndex;
    expect(final.entries.map((entry) => entry.version)).toEqual(versions);
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(out)).toBe(true);
  });
});
