import { readFileSync } from 'node:fs';
import ajvDraft04Module from 'ajv-draft-04';
import ajvFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, renderGithubCommands } from '../../src/ci-formats/github.js';
import { escapeXml, renderJunit } from '../../src/ci-formats/junit.js';
import { renderSarif } from '../../src/ci-formats/sarif.js';
import type { CiRun } from '../../src/ci-formats/types.js';
import { projectRoot } from '../helpers/cli.js';

const run: CiRun = {
  title: 'generate 1.2.0',
  toolVersion: '0.1.0',
  passed: false,
  summary: '1.2.0 is not proven rolling-safe (rollingUpdateSafe: false)',
  rules: [
    {
      id: 'require-concurrent-index-creation',
      summary: 'CREATE INDEX without CONCURRENTLY',
      help: 'Blocks writes.\n\nSafe way: CONCURRENTLY',
      helpUri: 'https://example.test/docs#x',
    },
  ],
  findings: [
    { ruleId: 'tool-added', level: 'info', message: 'tool search added', surface: 'mcp', file: 'mcp/tools.json', pointer: '/tools/2' },
    {
      ruleId: 'require-concurrent-index-creation',
      level: 'advisory',
      message: 'CREATE INDEX a on orders: 50%, "quoted" <x> & co',
      surface: 'migrations',
      file: 'db/002, idx.sql',
      line: 3,
    },
    { ruleId: 'api-path-removed-without-deprecation', level: 'breaking', message: 'GET /a removed\nsecond line', surface: 'rest', pointer: '/paths/~1a' },
    { ruleId: 'rolling-update-not-proven', level: 'unknown', message: 'config: not checked', surface: 'config' },
  ],
};

const sarifSchema = JSON.parse(readFileSync(`${projectRoot}fixtures/sarif/sarif-2.1.0-rtm.5.schema.json`, 'utf8')) as object;
// The schema's language-tag pattern is not valid as a unicode regular expression, hence unicodeRegExp off.
// CommonJS modules: under NodeNext the default import is module.exports (see src/artifact/validate.ts).
const Ajv = ajvDraft04Module.default;
const addFormats = ajvFormatsModule.default;
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(sarifSchema);

describe('SARIF 2.1.0', () => {
  it('validates against the OASIS schema, with rules, levels and locations', () => {
    const log = JSON.parse(renderSarif(run)) as {
      runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } }; results: Record<string, unknown>[] }[];
    };
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    const [sarifRun] = log.runs;
    expect(sarifRun!.tool.driver.rules.map((rule) => rule.id)).toEqual([
      'api-path-removed-without-deprecation',
      'require-concurrent-index-creation',
      'rolling-update-not-proven',
      'tool-added',
    ]);
    expect(sarifRun!.tool.driver.rules[1]).toMatchObject({
      helpUri: 'https://example.test/docs#x',
      help: { text: 'Blocks writes.\n\nSafe way: CONCURRENTLY' },
    });
    expect(sarifRun!.results.map((result) => result.level)).toEqual(['note', 'warning', 'error', 'error']);
    expect(sarifRun!.results[1]).toMatchObject({
      ruleIndex: 1,
      locations: [{ physicalLocation: { artifactLocation: { uri: 'db/002%2C%20idx.sql' }, region: { startLine: 3 } } }],
    });
    expect(sarifRun!.results[2]!.locations).toBeUndefined();
    expect(sarifRun!.results[2]!.message).toEqual({ text: 'GET /a removed\nsecond line (/paths/~1a)' });
  });

  it('validates with no findings at all', () => {
    expect(validateSarif(JSON.parse(renderSarif({ ...run, findings: [], passed: true })))).toBe(true);
  });
});

describe('GitHub workflow commands', () => {
  it('escapes data and properties as the runner reads them', () => {
    expect(escapeData('50%\r\nnext')).toBe('50%25%0D%0Anext');
    expect(escapeProperty('db/a:b,c.sql')).toBe('db/a%3Ab%2Cc.sql');
  });

  it('puts errors first, one command per finding, then the verdict', () => {
    expect(renderGithubCommands(run).trimEnd().split('\n')).toEqual([
      '::error title=release-safety api-path-removed-without-deprecation::GET /a removed%0Asecond line (/paths/~1a)',
      '::error title=release-safety rolling-update-not-proven::config: not checked',
      '::warning file=db/002%2C idx.sql,line=3,title=release-safety require-concurrent-index-creation::CREATE INDEX a on orders: 50%25, "quoted" <x> & co',
      '::notice file=mcp/tools.json,title=release-safety tool-added::tool search added (/tools/2)',
      '::error title=release-safety generate 1.2.0::1.2.0 is not proven rolling-safe (rollingUpdateSafe: false)',
    ]);
  });

  it('caps the annotations and says how many went to the summary', () => {
    const lines = renderGithubCommands(run, 2).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe('::notice title=release-safety::2 more findings are in the job summary');
  });
});

describe('JUnit XML', () => {
  it('fails the verdict case and every error, keeps advisories as passing output', () => {
    const xml = renderJunit(run);
    expect(xml).toContain('<testsuites name="release-safety" tests="5" failures="3">');
    expect(xml).toContain('<failure message="1.2.0 is not proven rolling-safe (rollingUpdateSafe: false)" type="verdict"/>');
    expect(xml).toContain('name="require-concurrent-index-creation db/002, idx.sql:3"');
    expect(xml).toContain('<system-out>advisory: CREATE INDEX a on orders: 50%, &quot;quoted&quot; &lt;x&gt; &amp; co</system-out>');
    expect(xml).toContain('<failure message="GET /a removed\nsecond line" type="breaking"/>');
    // Every element that opens is closed: no stray markup from messages.
    const opened = (xml.match(/<testcase\b[^>]*[^/]>/g) ?? []).length;
    const closed = (xml.match(/<\/testcase>/g) ?? []).length;
    expect(opened).toBe(closed);
  });

  it('passes a clean run and replaces characters XML cannot carry', () => {
    expect(renderJunit({ ...run, findings: [], passed: true, summary: 'ok' })).toContain('tests="1" failures="0"');
    expect(escapeXml('a\u0001b')).toBe('a\uFFFDb');
  });
});
