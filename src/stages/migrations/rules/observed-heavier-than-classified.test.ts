import { describe, expect, it } from 'vitest';
import { migrationsRuleBook } from '../rule-book.js';
import { classifySql, LIGHT } from './cases.js';
import { disagreementFindings, findDisagreements, rule } from './observed-heavier-than-classified.js';
import type { ObservedStatement } from './rule.js';

/**
 * The static classification of each example against what PostgreSQL did (recorded in the example,
 * re-observed in PGlite by src/trace/observed-examples.pglite.test.ts).
 */
describe('observed-heavier-than-classified', () => {
  const cases = [
    {
      name: 'flagged: an ACCESS EXCLUSIVE taken by an earlier statement is still held while VALIDATE reads another table',
      example: rule.examples.flagged[0],
      rules: ['observed-heavier-than-classified'],
    },
    { name: 'ok: a plain column, PostgreSQL agrees with the rules', example: rule.examples.quiet[0], rules: [] },
    { name: 'ok: lighter than classified (domain → base type): the static true stands, no finding', example: rule.examples.quiet[1]!, rules: [] },
  ];

  it.each(cases)('$name', async ({ example, rules }) => {
    expect((await migrationsRuleBook.findings(rule, example)).map((finding) => finding.rule)).toEqual(rules);
  });

  it('cites the statement, the flags PostgreSQL showed, what it did, and the static rules that judged it', async () => {
    const [finding] = await migrationsRuleBook.findings(rule, rule.examples.flagged[0]);
    expect(finding).toEqual({
      rule: 'observed-heavier-than-classified',
      params: {
        flags: 'locksTable',
        observed: 'took SHARE UPDATE EXCLUSIVE on events, kept ACCESS EXCLUSIVE on accounts (taken at line 2) held while it scanned events',
        rules: 'static rule(s) on the statement: validating-constraint-scans-table',
        remedy: expect.any(String),
      },
      evidence: { file: 'migrations/001.sql', line: 3, statement: 'ALTER TABLE events VALIDATE CONSTRAINT events_kind_check' },
    });
  });

  const statement = (flags: ObservedStatement['flags'], extra: Partial<ObservedStatement> = {}): ObservedStatement => ({
    line: 3,
    sql: 'UPDATE big SET x = 1',
    ran: 'transaction',
    locks: [],
    rewrites: [],
    scans: [],
    flags,
    ...extra,
  });

  it.each([
    {
      name: 'a static unknown settled by the trace is no disagreement',
      static: { ...LIGHT, rewritesTable: 'unknown' as const },
      flags: { rewritesTable: true },
      found: [],
    },
    { name: 'a static true PostgreSQL did not show is no disagreement', static: { ...LIGHT, scansTable: true }, flags: { scansTable: false }, found: [] },
    { name: 'a flag the run could not see is no disagreement', static: LIGHT, flags: {}, found: [] },
    { name: 'a static false PostgreSQL showed is one', static: LIGHT, flags: { scansTable: true }, found: ['scansTable'] },
  ])('$name', (testCase) => {
    expect(findDisagreements(testCase.static, [], [statement(testCase.flags, { scans: ['big'] })]).map((entry) => entry.flag)).toEqual(testCase.found);
  });

  it('names "no static rule" when none judged the statement, and a lock kept held from an earlier statement', () => {
    const held = statement({ locksTable: true, scansTable: true }, { scans: ['big'], heldLocks: [{ table: 'small', mode: 'ACCESS EXCLUSIVE', line: 2 }] });
    const [finding] = disagreementFindings('migrations/003.sql', findDisagreements(LIGHT, [], [held]));
    expect(finding?.params).toMatchObject({
      flags: 'locksTable, scansTable',
      observed: 'kept ACCESS EXCLUSIVE on small (taken at line 2) held while it scanned big; scanned big',
      rules: 'no static rule matched the statement',
      remedy: expect.stringContaining('spare PostgreSQL the full read'),
    });
  });

  it('the flagged example is lighter for the static rules than in PostgreSQL (the gap this rule reports)', async () => {
    expect((await classifySql(rule.examples.flagged[0].sql)).heaviness.locksTable).toBe(false);
  });
});
