import { afterAll, describe, expect, it } from 'vitest';
import { createRepo } from '../../../test/helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../../test/helpers/git-stage-input.js';
import { stageInput } from '../../../test/helpers/stage-input.js';
import type { ReleaseSafetyConfig } from '../../config/types.js';
import { runStage } from '../contract.js';
import { mcpStage } from './index.js';

const PATH = 'mcp/tools.json';
const config: ReleaseSafetyConfig = { mcpTools: PATH };

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: 'object', properties: { limit: { type: 'integer' } } },
  ...extra,
});
const snapshot = (...tools: unknown[]) => JSON.stringify({ tools }, null, 2);

const run = (base: Record<string, string>, head: Record<string, string>, stageConfig: ReleaseSafetyConfig = config) =>
  runStage(mcpStage, stageInput({ base, head }, stageConfig));

describe('mcpStage: configuration and unreadable snapshots', () => {
  it('not configured: unchecked, unknown, with the reason', async () => {
    const result = await run({}, {}, {});
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.section).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['MCP surface not configured']);
  });

  it('`false`: the service has no MCP surface, checked and not breaking', async () => {
    const result = await run({}, {}, { mcpTools: false });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 });
  });

  it('same blob at both refs: no changes, nothing read or parsed', async () => {
    const text = snapshot(tool('a'));
    const input = stageInput({ base: { [PATH]: text }, head: { [PATH]: text } }, config);
    const result = await runStage(mcpStage, input);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(input.reads.size).toBe(0);
  });

  it.each<[string, Record<string, string>, Record<string, string>, string]>([
    ['missing at the head ref', { [PATH]: snapshot(tool('a')) }, {}, `MCP tool snapshot ${PATH} is missing at the head (to) ref`],
    [
      'bad JSON at the base ref',
      { [PATH]: '{"tools": [' },
      { [PATH]: snapshot(tool('a')) },
      `MCP tool snapshot ${PATH} at the base (from) ref is not valid JSON`,
    ],
    [
      'wrong shape at the head ref',
      { [PATH]: snapshot(tool('a')) },
      { [PATH]: '{"items": []}' },
      `MCP tool snapshot ${PATH} at the head (to) ref is neither a tools/list result`,
    ],
    ['a tool without inputSchema', { [PATH]: snapshot(tool('a')) }, { [PATH]: JSON.stringify([{ name: 'a' }]) }, '"inputSchema" of "a" is missing'],
    ['a tool listed twice', { [PATH]: snapshot(tool('a')) }, { [PATH]: snapshot(tool('a'), tool('a')) }, 'lists tool "a" twice'],
    [
      'a non-boolean hint',
      { [PATH]: snapshot(tool('a')) },
      { [PATH]: snapshot(tool('a', { annotations: { readOnlyHint: 'yes' } })) },
      'annotation "readOnlyHint" of "a" is not a boolean',
    ],
    [
      'an unresolvable $ref',
      { [PATH]: snapshot(tool('a')) },
      { [PATH]: snapshot(tool('a', { inputSchema: { type: 'object', properties: { limit: { $ref: '#/$defs/Limit' } } } })) },
      'could not be compared: tool "a": cannot resolve $ref "#/$defs/Limit" in the revision schema',
    ],
  ])('%s: unchecked, unknown, the reason names file and ref', async (_name, base, head, reason) => {
    const result = await run(base, head);
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.section).toMatchObject({ checked: false, breaking: 'unknown', changes: [] });
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toContain(reason);
  });
});

describe('mcpStage: inputs users have', () => {
  it('reads a snapshot saved with a byte order mark and CRLF line endings', async () => {
    const withBom = `\uFEFF${snapshot(tool('a')).replace(/\n/g, '\r\n')}`;
    const result = await run({ [PATH]: snapshot(tool('a'), tool('b')) }, { [PATH]: withBom });
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes).toEqual(['tool "b" — removed']);
  });

  it('reads a YAML snapshot, as `diff mcp` does', async () => {
    const yaml = 'tools:\n  - name: a\n    inputSchema: {type: object, properties: {limit: {type: integer}}}\n';
    const result = await run(
      { 'mcp/tools.yaml': `${yaml}  - name: b\n    inputSchema: {type: object}\n` },
      { 'mcp/tools.yaml': yaml },
      { mcpTools: 'mcp/tools.yaml' },
    );
    expect(result.notes).toEqual([]);
    expect(result.section.changes).toEqual(['tool "b" — removed']);
  });

  it('finds the snapshot when the config spells its path with a leading ./ (as the REST stage does)', async () => {
    const result = await run({ [PATH]: snapshot(tool('a')) }, { [PATH]: snapshot(tool('a'), tool('b')) }, { mcpTools: `./${PATH}` });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.notes).toEqual([]);
  });
});

describe('mcpStage: a snapshot new at the head ref', () => {
  it('may have moved when a JSON/YAML file was deleted: unchecked, with the candidates', async () => {
    const result = await run({ 'tools.json': snapshot(tool('a'), tool('b')) }, { [PATH]: snapshot(tool('a')) });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual([
      `MCP tool snapshot ${PATH} is new at the head (to) ref while tools.json was deleted: the snapshot may have moved, so there is no proven base to compare with`,
    ]);
  });
});

describe('mcpStage: diffs', () => {
  it('absent at base, present at head: a new surface, every tool added, nothing breaks', async () => {
    const result = await run({}, { [PATH]: snapshot(tool('a'), tool('b')) });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.findings.map((finding) => [finding.rule, finding.params.tool])).toEqual([
      ['tool-added', 'a'],
      ['tool-added', 'b'],
    ]);
    expect(result.section.changes).toEqual([]);
    expect(result.notes).toEqual([`MCP tool snapshot ${PATH} is new at the head (to) ref: every tool counts as added`]);
  });

  it('breaking and advisory lines go to the section, sorted; info stays in the findings', async () => {
    const base = snapshot(
      tool('run_query', { inputSchema: { type: 'object', properties: { limit: { type: 'integer' }, format: { enum: ['json', 'csv'] } } } }),
      tool('list_projects'),
    );
    const head = JSON.stringify([
      tool('run_query', {
        inputSchema: { type: 'object', properties: { limit: { type: 'integer' }, format: { enum: ['json', 'parquet'] } }, required: ['limit'] },
      }),
      tool('get_chart'),
    ]);
    const result = await run({ [PATH]: base }, { [PATH]: head });
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section).toEqual({
      checked: true,
      breaking: true,
      changes: [
        'tool "list_projects" — removed',
        'tool "run_query" — input property "format" no longer accepts "csv"',
        'tool "run_query" — input property "limit" became required',
      ],
      breakingCount: 3,
      advisories: ['tool "run_query" — input property "format" accepts new value "parquet"'],
      advisoryCount: 1,
    });
    expect(result.findings.find((finding) => finding.rule === 'tool-added')).toEqual({
      rule: 'tool-added',
      params: { tool: 'get_chart' },
      evidence: { file: PATH, pointer: '/1' },
    });
  });

  it('advisories alone do not break', async () => {
    const result = await run({ [PATH]: snapshot(tool('a')) }, { [PATH]: snapshot(tool('a', { description: 'Changed wording' })) });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.section.advisories).toEqual(['tool "a" — description of the tool changed']);
  });

  it('caps the lines at 50 with an overflow line; the count stays uncapped', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `tool_${String(i).padStart(2, '0')}`);
    const result = await run({ [PATH]: snapshot(...names.map((name) => tool(name))) }, { [PATH]: snapshot() });
    expect(result.section.breakingCount).toBe(60);
    expect(result.section.changes).toHaveLength(50);
    expect(result.section.changes.at(-1)).toBe('… and 11 more');
  });
});

describe('mcpStage over a real git repository', () => {
  const repo = createRepo();
  afterAll(async () => {
    await closeGitStageInputs();
    repo.cleanup();
  });

  it('reports a removed tool between two tags and nothing between identical snapshots', async () => {
    repo.commit({ [PATH]: snapshot(tool('run_query'), tool('list_projects')), 'README.md': 'v1' }, { tag: '1.0.0' });
    repo.commit({ 'README.md': 'v1.1' }, { tag: '1.1.0' });
    repo.commit({ [PATH]: snapshot(tool('run_query')) }, { tag: '2.0.0' });

    const quiet = await runStage(mcpStage, await gitStageInput(repo.dir, '1.0.0', '1.1.0', config));
    expect(quiet.verdict).toEqual({ checked: true, breaking: false });
    expect(quiet.findings).toEqual([]);

    const removed = await runStage(mcpStage, await gitStageInput(repo.dir, '1.1.0', '2.0.0', config));
    expect(removed.verdict).toEqual({ checked: true, breaking: true });
    expect(removed.section.changes).toEqual(['tool "list_projects" — removed']);
    expect(removed.findings[0]?.evidence).toEqual({ file: PATH, pointer: '/tools/1' });
  });
});
