import { describe, expect, it } from 'vitest';
import { linkedPathReasons } from '../../src/generate/linked-paths.js';

/** docmost's layout: `apps/server/src/ee` is a submodule under the glob root init writes. */
const configured = [{ key: 'env.sources[0]', path: 'apps/server/src/**/*.ts', shape: 'glob' as const }];
const links = { base: new Map([['apps/server/src/ee', 'submodule' as const]]), head: new Map([['apps/server/src/ee', 'submodule' as const]]) };
const input = (changed: string[]) => ({
  trees: { base: new Map(), head: new Map() },
  read: async () => undefined,
  changes: changed.map((path) => ({ path, status: 'modified' as const })),
});

describe('a submodule under a configured glob', () => {
  it('at the same commit at both refs holds the same files: no reason', async () => {
    expect(await linkedPathReasons(configured, links, input(['apps/server/src/main.ts']))).toEqual([]);
  });

  it('bumped by the release: unknown, naming it', async () => {
    const reasons = await linkedPathReasons(configured, links, input(['apps/server/src/ee']));
    expect(reasons[0]).toContain('reaches a submodule (apps/server/src/ee)');
  });
});
