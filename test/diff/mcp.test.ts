import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** `release-safety diff mcp` end to end: the built CLI on the tool snapshots of fixtures/diff/mcp. */

const dir = 'fixtures/diff/mcp';
const diffMcp = (...args: string[]) => runCli(['diff', 'mcp', ...args]);

interface JsonReport {
  breaking: boolean;
  findings: Array<{ rule: string; level: string; operation: string; location: string; message: string }>;
}

describe('diff mcp: comparing snapshots', () => {
  it('{tools:[…]} against a bare array: removed tool and new required input are breaking, exit 1', () => {
    const run = diffMcp('--json', `${dir}/base.json`, `${dir}/revision.json`);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(Object.keys(report)).toEqual(['breaking', 'findings']);
    expect(report.breaking).toBe(true);
    // Pointers into the file each finding is about: the bare array (new) or {tools:[…]} (old, for a removal).
    expect(report.findings.map((f) => [f.level, f.rule, f.operation, f.location])).toEqual([
      ['breaking', 'tool-new-required-input', 'list_metrics', '/0/inputSchema/properties/page'],
      ['breaking', 'tool-removed', 'run_sql', '/tools/1'],
      ['advisory', 'tool-input-enum-value-added', 'list_metrics', '/0/inputSchema/properties/order'],
    ]);
  });

  it('an advisory alone (YAML snapshot) passes by default and fails with --fail-on advisory', () => {
    const args = [`${dir}/base.json`, `${dir}/advisory-only.yaml`];
    const run = diffMcp('--json', ...args);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.breaking).toBe(false);
    expect(report.findings.filter((f) => f.level === 'advisory').map((f) => f.operation)).toEqual(['list_metrics']);
    expect(diffMcp('--fail-on', 'advisory', ...args).status).toBe(1);
  });

  it('identical snapshots: nothing found, exit 0', () => {
    const run = diffMcp(`${dir}/base.json`, `${dir}/base.json`);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('No differences found by any rule.\n');
  });

  it('text: one line per finding, breaking first', () => {
    const run = diffMcp(`${dir}/base.json`, `${dir}/revision.json`);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatchInlineSnapshot(`
      "breaking  tool-new-required-input  tool "list_metrics" — new required input property "page"
            fix: Add input "page" to "list_metrics" as optional with a server-side default; make it required in a later release, once every caller sends it.
            docs: https://github.com/release-safety/release-safety/blob/main/docs/mcp.md#tool-new-required-input
      breaking  tool-removed  tool "run_sql" — removed
            fix: Keep "run_sql" listed and working in this release, with "deprecated" in its description; remove it in a later release.
            docs: https://github.com/release-safety/release-safety/blob/main/docs/mcp.md#tool-removed
      advisory  tool-input-enum-value-added  tool "list_metrics" — input property "order" accepts new value "none"
            fix: Accept "none" for input "order" of "list_metrics", but have callers send it only once every instance is upgraded (old instances reject it).
            docs: https://github.com/release-safety/release-safety/blob/main/docs/mcp.md#tool-input-enum-value-added
      2 breaking, 1 advisory, 0 info
      "
    `);
  });
});

describe('diff mcp: inputs it cannot use exit 2 and name the file', () => {
  const cases: Array<[string, string, string, RegExp]> = [
    ['missing file', `${dir}/base.json`, `${dir}/nope.json`, /cannot read fixtures\/diff\/mcp\/nope\.json/],
    ['invalid JSON', `${dir}/invalid.json`, `${dir}/base.json`, /fixtures\/diff\/mcp\/invalid\.json does not parse as JSON/],
    [
      'not a tool snapshot',
      `${dir}/base.json`,
      `${dir}/not-a-snapshot.json`,
      /fixtures\/diff\/mcp\/not-a-snapshot\.json is neither a tools\/list result .* \(not an MCP tool snapshot\)/,
    ],
    [
      'a tool without a name',
      `${dir}/nameless-tool.json`,
      `${dir}/base.json`,
      /fixtures\/diff\/mcp\/nameless-tool\.json has an invalid tool at index 0: no "name" string \(not an MCP tool snapshot\)/,
    ],
  ];
  it.each(cases)('%s', (_name, oldPath, newPath, message) => {
    const run = diffMcp(oldPath, newPath);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });
});
