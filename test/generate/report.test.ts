import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdownReport, renderTextReport, reportFindings } from '../../src/generate/report.js';
import { createStyle } from '../../src/cli/style.js';
import { generateRelease, type GenerateOutcome } from '../../src/generate/generate.js';
import { openRepository } from '../../src/git/repository.js';
import { REPOSITORY_URL } from '../../src/rules/links.js';
import { apiSectionFromFindings } from '../../src/stages/api-section.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { removedToolFinding, stubStages, TOOL_REMOVED } from './stub-stages.js';

/** One realistic outcome (real git, stub stages): a removed tool, an unknown rule id, a declared stop, REST unconfigured. */
let repo: TestRepo;
let outcome: GenerateOutcome;

beforeAll(async () => {
  repo = createRepo();
  const config = JSON.stringify({ migrations: false, mcpTools: 'mcp/tools.json', env: false });
  repo.commit({ 'release-safety.config.json': config, 'mcp/tools.json': '{"tools":[]}' }, { tag: 'v2.0.0', date: '2026-05-01T00:00:00Z' });
  repo.commit({ 'mcp/tools.json': '{"tools":[1]}' }, { tag: 'v2.1.0', date: '2026-05-02T00:00:00Z' });
  const git = await openRepository(repo.dir);
  const stages = stubStages({
    mcp: async () => {
      const known = [removedToolFinding('delete_item'), removedToolFinding('archive|item')];
      const unknownRule = { rule: 'tool-renamed-someday', params: { from: 'a', to: 'b' }, evidence: { file: 'mcp/tools.json', line: 3, statement: 'x | `y`' } };
      return {
        section: apiSectionFromFindings(known, [TOOL_REMOVED]),
        verdict: { checked: true, breaking: true },
        findings: [unknownRule, ...known],
        notes: [],
      };
    },
    declarations: [{ file: 'src/session.ts', line: 7, reason: 'sessions move to a new table', requiredStop: true }],
  });
  try {
    outcome = await generateRelease(git, { from: 'v2.0.0', to: 'v2.1.0' }, stages);
  } finally {
    await git.close();
  }
});
afterAll(() => repo.cleanup());

const FIX = (tool: string) => `Keep ${tool} serving, marked deprecated in its description; remove it in a later release.`;
const DOCS = `${REPOSITORY_URL}/blob/main/docs/mcp.md#tool-removed`;
const withoutIds = (text: string) => text.replace(/\b[0-9a-f]{12}\b/g, '<sha>');

describe('generate report', () => {
  it('renders findings through the catalogue and still prints rules no catalogue knows', () => {
    expect(reportFindings(outcome.stages)).toEqual([
      {
        surface: 'mcp',
        rule: 'tool-removed',
        level: 'breaking',
        message: 'tool archive|item removed',
        evidence: { file: 'mcp/tools.json', pointer: '/tools/archive|item' },
        fix: FIX('archive|item'),
        docs: DOCS,
        markdown: { message: 'tool `archive|item` removed', fix: FIX('`archive|item`') },
      },
      {
        surface: 'mcp',
        rule: 'tool-removed',
        level: 'breaking',
        message: 'tool delete_item removed',
        evidence: { file: 'mcp/tools.json', pointer: '/tools/delete_item' },
        fix: FIX('delete_item'),
        docs: DOCS,
        markdown: { message: 'tool `delete_item` removed', fix: FIX('`delete_item`') },
      },
      {
        surface: 'mcp',
        rule: 'tool-renamed-someday',
        level: 'unknown-rule',
        message: 'tool-renamed-someday {"from":"a","to":"b"}',
        evidence: { file: 'mcp/tools.json', line: 3, statement: 'x | `y`' },
        markdown: { message: '`tool-renamed-someday` `{"from":"a","to":"b"}`' },
      },
    ]);
  });

  it('explains the verdict in terminal text', () => {
    expect(withoutIds(renderTextReport(outcome, createStyle(false)))).toMatchInlineSnapshot(`
      "release-safety 2.1.0 (from 2.0.0)
      Refs: v2.0.0 (<sha>) → v2.1.0 (<sha>), 1 changed path(s)
      Rolling update safe: false   Strategy: Recreate
      Config: release-safety.config.json at v2.1.0

      Surfaces
        migrations   checked      not breaking    present: false, 0 file(s) (core 0, ee 0)
        rest         not checked  unknown         0 breaking change(s), 0 advisory(ies)
        graphql      checked      not breaking    0 breaking change(s), 0 advisory(ies)
        trpc         checked      not breaking    0 breaking change(s), 0 advisory(ies)
        mcp          checked      breaking        2 breaking change(s), 0 advisory(ies)
        config       checked      not breaking    0 change(s)
        declarations checked      breaking        1 declared break(s)

      Why not safe
        - declarations: 1 declared break(s)
        - mcp: breaking changes found
        - rest: not checked (openapi not configured)

      Findings (3)
        mcp breaking tool-removed: tool archive|item removed
            mcp/tools.json  #/tools/archive|item
            fix: Keep archive|item serving, marked deprecated in its description; remove it in a later release.
            docs: https://github.com/release-safety/release-safety/blob/main/docs/mcp.md#tool-removed
        mcp breaking tool-removed: tool delete_item removed
            mcp/tools.json  #/tools/delete_item
            fix: Keep delete_item serving, marked deprecated in its description; remove it in a later release.
            docs: https://github.com/release-safety/release-safety/blob/main/docs/mcp.md#tool-removed
        mcp unknown-rule tool-renamed-someday: tool-renamed-someday {"from":"a","to":"b"}
            mcp/tools.json:3  x | \`y\`

      MCP changes
        breaking: tool archive|item removed
        breaking: tool delete_item removed

      Declared breaks
        src/session.ts:7 sessions move to a new table [required stop]

      Upgrade
        minPreviousVersion: none
        requiredStops: 2.1.0
        previous artifact: no release-safety.json at the from ref
      "
    `);
  });

  it('prints under each finding its fix, with the finding’s own names, and a link to its docs', () => {
    const text = renderTextReport(outcome, createStyle(false));
    expect(text).toContain(`tool delete_item removed\n      mcp/tools.json  #/tools/delete_item\n      fix: ${FIX('delete_item')}\n      docs: ${DOCS}\n`);
    const markdown = renderMarkdownReport(outcome);
    // Repository names are code spans: they render as code, never as markup.
    expect(markdown).toContain(
      `- **breaking** \`tool-removed\` (mcp): tool \`delete_item\` removed — \`mcp/tools.json\` \`/tools/delete_item\`\n  - Fix: Keep \`delete_item\` serving, marked deprecated in its description; remove it in a later release.\n  - Docs: [tool-removed](${DOCS})\n`,
    );
  });

  it('renders markdown that survives pipes and backticks', () => {
    const markdown = renderMarkdownReport(outcome);
    expect(markdown.startsWith('# Release safety: 2.1.0\n')).toBe(true);
    expect(markdown).toContain('- **Rolling update safe:** `false` (strategy `Recreate`)');
    expect(markdown).toContain('| rest | not checked | `unknown` | 0 breaking change(s), 0 advisory(ies) |');
    expect(markdown).toContain('- **breaking** `tool-removed` (mcp): tool `archive|item` removed — `mcp/tools.json` `/tools/archive|item`\n');
    expect(markdown).toContain(
      '- **unknown-rule** `tool-renamed-someday` (mcp): `tool-renamed-someday` `{"from":"a","to":"b"}` — `mcp/tools.json:3` `` x | `y` ``\n',
    );
    expect(markdown).toContain('- src/session.ts:7 sessions move to a new table \\[required stop\\]');
    // Every surface row of the table has the same number of unescaped cell separators as its header.
    const rows = markdown.split('\n').filter((line) => /^\| (migrations|rest|mcp|config|declarations) \|/.test(line));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|').length).toBe(6);
  });

  it('colours only when the style is enabled', () => {
    expect(renderTextReport(outcome, createStyle(true))).toContain('\u001b[31mfalse\u001b[39m');
    expect(renderTextReport(outcome, createStyle(false))).not.toContain('\u001b[');
  });
});

describe('why not proven safe: the reason before the warnings', () => {
  it('a surface with many document warnings still shows what made it unknown (lightdash: 40 "$ref with sibling keys" warnings hid an unreadable route path)', () => {
    const warnings = Array.from(
      { length: 40 },
      (_, index) =>
        `REST spec warning: swagger.json: /components/schemas/S${index}: $ref with sibling keys description (OpenAPI 3.0 ignores keys beside a $ref) (base ref)`,
    );
    const reason = 'routes of src/routers/apiV1Router.ts at the base ref cannot be read: line 63: the path config.loginPath is not a literal';
    const withNotes: GenerateOutcome = {
      ...outcome,
      stages: outcome.stages.map((stage) => (stage.surface === 'rest' ? { ...stage, notes: [...warnings, reason] } : stage)),
    };
    const line = renderMarkdownReport(withNotes)
      .split('\n')
      .find((text) => text.startsWith('- **rest**'));
    expect(line).toContain('apiV1Router.ts at the base ref cannot be read');
  });
});
