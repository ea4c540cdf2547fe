import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/cli.js';

/** The README's first command: scripts/example.mjs on fixtures/example/ with the built CLI. */
describe('bundled example (scripts/example.mjs)', () => {
  const run = () => spawnSync(process.execPath, ['scripts/example.mjs'], { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

  it('generates every release, builds the index, and checks spans over it', () => {
    const example = run();
    expect(example.status).toBe(0);
    expect(example.stderr).not.toMatch(/internal error|Error:/);
    expect(example.stdout).toContain('Example repository with tags 1.0.0, 1.1.0, 1.2.0');
    const [, first, second] = example.stdout.split('$ release-safety generate');

    // 1.1.0 only adds a table and an operation: every surface checked, nothing breaking → proven true.
    expect(first).toContain('release-safety 1.1.0 (from 1.0.0)');
    expect(first).toContain('Rolling update safe: true');
    expect(first).toContain('20260201000000_create_order_notes.sql (core) tables: order_notes; locksTable: false, rewritesTable: false, scansTable: false');

    // 1.2.0 adds a write-blocking index on an existing table and renames an env var.
    expect(second).toContain('Rolling update safe: false');
    expect(second).toContain('heavy migration(s): 20260301000000_index_orders_customer.sql');
    expect(second).toContain('require-concurrent-index-creation');
    expect(second).toContain('renamed ORDER_PAGE_SIZE → ORDERS_PAGE_SIZE (default "50")');

    // The operator's side over the index built from those artifacts.
    const [, safeSpan, unsafeSpan] = example.stdout.split('$ release-safety upgrade-check');
    expect(safeSpan).toContain('Verdict: SAFE');
    expect(unsafeSpan).toContain('Verdict: UNSAFE');
    expect(unsafeSpan).toContain('Unsafe rolling-update safety: 1.2.0');
    expect(example.stderr).toContain('entries: 3 (2 from artifacts, 1 backfilled from release tags');
  });
});
