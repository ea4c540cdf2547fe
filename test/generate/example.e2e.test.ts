import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/cli.js';
import { isPlaceholder } from './pending-stages.js';

/** The README's first command: scripts/example.mjs on fixtures/example/ with the built CLI. */
describe('bundled example (scripts/example.mjs)', () => {
  it('generates both releases and explains why 1.2.0 cannot be rolled', async () => {
    const run = spawnSync(process.execPath, ['scripts/example.mjs'], { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Example repository with tags 1.0.0, 1.1.0, 1.2.0');
    const [, first, second] = run.stdout.split('$ release-safety generate');
    expect(first).toContain('release-safety 1.1.0 (from 1.0.0)');
    expect(second).toContain('release-safety 1.2.0 (from 1.1.0)');

    const [migrationsPending, configPending] = await Promise.all([isPlaceholder('migrations'), isPlaceholder('config')]);
    if (!migrationsPending) {
      expect(second).toContain('heavy migration(s): 20260301000000_index_orders_customer.sql');
      expect(first).toContain('20260201000000_create_order_notes.sql (core) tables: order_notes; locksTable: false, rewritesTable: false, scansTable: false');
    }
    if (!configPending) expect(second).toContain('renamed ORDER_PAGE_SIZE → ORDERS_PAGE_SIZE (default "50")');
    expect(second).toContain(migrationsPending && configPending ? 'Rolling update safe: unknown' : 'Rolling update safe: false');
    // 1.1.0 only adds things: nothing in it is proven breaking.
    expect(first).not.toContain('Rolling update safe: false');
  });
});
