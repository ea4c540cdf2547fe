import { describe, expect, it } from 'vitest';
import { buildDiffReport, parseFailOn, reachesFailOn, renderDiffText } from '../../src/diff/report.js';
import type { Finding, RuleMeta } from '../../src/rules/types.js';

/** The pure part of `diff`: rendering, ordering and the --fail-on threshold. */

const meta = (id: string, level: RuleMeta['level'], message: string): RuleMeta => ({
  id,
  surface: 'rest',
  level,
  summary: id,
  message,
  why: '',
  fix: '',
  docs: '',
});
const rules = [meta('b-rule', 'breaking', '{method} {path} — gone'), meta('a-advice', 'advisory', '{tool}: note'), meta('c-info', 'info', 'noted {name}')];
const finding = (rule: string, params: Finding['params'], pointer?: string): Finding => ({ rule, params, evidence: pointer === undefined ? {} : { pointer } });

describe('buildDiffReport', () => {
  const report = buildDiffReport(
    [
      finding('c-info', { name: 'x' }),
      finding('a-advice', { tool: 'run_sql' }, '/1'),
      finding('b-rule', { method: 'get', path: '/b' }, '/paths/~1b'),
      finding('b-rule', { method: 'get', path: '/a' }),
    ],
    rules,
  );

  it('orders by level, then rule, operation, location; fills operation and location', () => {
    expect(report).toEqual({
      breaking: true,
      findings: [
        { rule: 'b-rule', level: 'breaking', operation: 'GET /a', location: '', message: 'get /a — gone' },
        { rule: 'b-rule', level: 'breaking', operation: 'GET /b', location: '/paths/~1b', message: 'get /b — gone' },
        { rule: 'a-advice', level: 'advisory', operation: 'run_sql', location: '/1', message: 'run_sql: note' },
        { rule: 'c-info', level: 'info', operation: 'x', location: '', message: 'noted x' },
      ],
    });
  });

  it('a rule no catalogue knows is kept as breaking (fail closed), not dropped', () => {
    const unknown = buildDiffReport([finding('no-such-rule', { tool: 't' })], rules);
    expect(unknown.breaking).toBe(true);
    expect(unknown.findings[0]).toMatchObject({ rule: 'no-such-rule', level: 'breaking', operation: 't' });
  });

  it('--fail-on: breaking counts only breaking; advisory counts both; info never', () => {
    const advisoryOnly = buildDiffReport([finding('a-advice', { tool: 't' })], rules);
    const infoOnly = buildDiffReport([finding('c-info', { name: 'n' })], rules);
    expect([
      reachesFailOn(report, 'breaking'),
      reachesFailOn(advisoryOnly, 'breaking'),
      reachesFailOn(advisoryOnly, 'advisory'),
      reachesFailOn(infoOnly, 'advisory'),
    ]).toEqual([true, false, true, false]);
    expect([parseFailOn('breaking'), parseFailOn('advisory'), parseFailOn('info'), parseFailOn('')]).toEqual(['breaking', 'advisory', undefined, undefined]);
  });

  it('text: one line per finding, info hidden unless verbose, then a summary', () => {
    expect(renderDiffText(report, { verbose: false })).toEqual([
      'breaking  b-rule  get /a — gone',
      'breaking  b-rule  get /b — gone',
      'advisory  a-advice  run_sql: note',
      '2 breaking, 1 advisory, 1 info (info shown with --verbose)',
    ]);
    expect(renderDiffText(report, { verbose: true })).toContain('info      c-info  noted x');
    expect(renderDiffText(buildDiffReport([], rules), { verbose: true })).toEqual(['No differences found by any rule.']);
  });
});
