import { describe, expect, it } from 'vitest';
import type { RuleMeta } from '../../rules/types.js';
import { applyMigrationAcceptance } from './acceptance.js';
import { migrationRule } from './catalogue.js';
import type { MigrationHit } from './types.js';

/** Matching acknowledgements against rule hits (pure); the end-to-end cases are in test/accept/. */
const REASON = 'users holds a few hundred rows in every deployment';
const known = (id: string) => migrationRule(id) as RuleMeta | undefined;
const hit = (rule: string, line: number, flags: MigrationHit['flags']): MigrationHit => ({
  finding: { rule, params: {}, evidence: { file: 'm.sql', line } },
  flags,
});
const INDEX_HIT = hit('require-concurrent-index-creation', 2, { locksTable: true, rewritesTable: false, scansTable: true });
const observed = { locksTable: true, rewritesTable: false, scansTable: true } as const;
const run = (text: string, hits: MigrationHit[], settings = {}) =>
  applyMigrationAcceptance({ file: 'm.sql', text, observed, hits, statements: [] }, { settings }, known);

describe('applyMigrationAcceptance', () => {
  it('an accepted hit no longer counts; the others still do', () => {
    const result = run(`-- @release-safety accept require-concurrent-index-creation: ${REASON}\nCREATE INDEX …;\n`, [INDEX_HIT]);
    expect(result.counted).toEqual({ locksTable: false, rewritesTable: false, scansTable: false });
    expect(result.accepted).toMatchObject([{ rule: 'require-concurrent-index-creation', reason: REASON, by: { kind: 'inline', file: 'm.sql', line: 1 } }]);
    expect(result.problems).toEqual([]);
  });

  it('an info-level hit without a config setting is neither accepted nor counted', () => {
    const result = run('SET lock_timeout = 1;\n', [hit('lock-timeout-bounds-brief-lock', 1, { locksTable: false })]);
    expect(result).toMatchObject({ accepted: [], problems: [], breaksOldCode: false, counted: { locksTable: false } });
  });

  it('a flag observed unknown stays unknown whatever is accepted', () => {
    const result = applyMigrationAcceptance(
      {
        file: 'm.sql',
        text: `-- @release-safety accept require-concurrent-index-creation: ${REASON}\nCREATE INDEX …;\n`,
        observed: { ...observed, rewritesTable: 'unknown' },
        hits: [INDEX_HIT],
        statements: [],
      },
      { settings: {} },
      known,
    );
    expect(result.counted.rewritesTable).toBe('unknown');
  });

  it('a hit with an unknown flag is refused, naming the line of the acknowledgement', () => {
    const result = run(`\n-- @release-safety accept changing-column-type: ${REASON}\nALTER …;\n`, [
      hit('changing-column-type', 3, { rewritesTable: 'unknown' }),
    ]);
    expect(result.problems).toEqual([{ file: 'm.sql', line: 2, problem: expect.stringContaining('says what could not be checked (unknown)') as string }]);
    expect(result.counted.rewritesTable).toBe('unknown');
  });

  it('a config setting at off accepts the hits that counted, with the setting as the place', () => {
    const result = run('CREATE INDEX …;\n', [INDEX_HIT], { 'require-concurrent-index-creation': { level: 'off', reason: REASON } });
    expect(result.accepted).toMatchObject([{ by: { kind: 'rule-setting', level: 'off' }, reason: REASON }]);
    expect(result.counted.locksTable).toBe(false);
  });

  it('a config setting raising a rule to breaking makes its hits break old code', () => {
    const result = run('CREATE INDEX …;\n', [INDEX_HIT], { 'require-concurrent-index-creation': { level: 'breaking', reason: REASON } });
    expect(result.breaksOldCode).toBe(true);
  });

  it('without a policy (--no-accept) acknowledgements are not even read', () => {
    const result = applyMigrationAcceptance(
      { file: 'm.sql', text: '-- @release-safety accept nope: x\n', observed, hits: [INDEX_HIT], statements: [] },
      undefined,
      known,
    );
    expect(result).toMatchObject({ accepted: [], problems: [], counted: observed });
  });
});
