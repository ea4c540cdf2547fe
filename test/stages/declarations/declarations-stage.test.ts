import { describe, expect, it } from 'vitest';
import { declarationsStage } from '../../../src/stages/declarations/index.js';
import { MAX_SCANNED_CHARS } from '../../../src/stages/declarations/scan.js';
import { runDeclarationsStage } from './run-declarations-stage.js';

const BREAK = '// @release-safety breaking: the cache keys are hashed differently now';
const STOP = '-- @release-safety breaking required-stop: the orders backfill must complete first';

describe('declarationsStage', () => {
  it('no annotation anywhere: checked, not breaking', async () => {
    const result = await runDeclarationsStage({ 'src/a.ts': 'export const a = 1;' }, { 'src/a.ts': 'export const a = 2;' });
    expect(result).toMatchObject({ section: [], verdict: { checked: true, breaking: false }, findings: [], notes: [] });
  });

  it('a new break and a new required stop: breaking, each with file, line, reason and requiredStop', async () => {
    const result = await runDeclarationsStage({ 'src/cache.ts': 'export {};' }, { 'src/cache.ts': `export {};\n${BREAK}`, 'db/002.sql': `${STOP}\nselect 1;` });
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section).toEqual([
      { file: 'db/002.sql', line: 1, reason: 'the orders backfill must complete first', requiredStop: true },
      { file: 'src/cache.ts', line: 2, reason: 'the cache keys are hashed differently now', requiredStop: false },
    ]);
    expect(result.findings.map((finding) => finding.rule)).toEqual(['declared-required-stop', 'declared-break']);
    expect(result.notes).toEqual([]);
  });

  it('an annotation already in base is not counted again, even when its file moved', async () => {
    const result = await runDeclarationsStage({ 'src/old/cache.ts': BREAK }, { 'src/new/cache.ts': `${BREAK}\nexport {};` });
    expect(result).toMatchObject({ section: [], verdict: { checked: true, breaking: false } });
  });

  it('a second copy of an existing annotation is new', async () => {
    const result = await runDeclarationsStage({ 'src/a.ts': BREAK }, { 'src/a.ts': BREAK, 'src/b.ts': BREAK });
    expect(result.section).toEqual([{ file: 'src/b.ts', line: 1, reason: 'the cache keys are hashed differently now', requiredStop: false }]);
  });

  it('an edited reason counts as a new declaration', async () => {
    const result = await runDeclarationsStage({ 'src/a.ts': BREAK }, { 'src/a.ts': BREAK.replace('now', 'since 1.2') });
    expect(result.section).toEqual([{ file: 'src/a.ts', line: 1, reason: 'the cache keys are hashed differently since 1.2', requiredStop: false }]);
  });

  it('a short reason is an error: unchecked, unknown, a note naming file:line and the rule; the declaration is kept', async () => {
    const result = await runDeclarationsStage({}, { 'db/003.sql': 'select 1;\n-- @release-safety breaking required-stop: see PR', 'src/a.ts': BREAK });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['declarations could not be read as intended: db/003.sql:2 (declared-break-reason-too-short)']);
    expect(result.section).toEqual([
      { file: 'db/003.sql', line: 2, reason: 'see PR', requiredStop: true },
      { file: 'src/a.ts', line: 1, reason: 'the cache keys are hashed differently now', requiredStop: false },
    ]);
  });

  it('a malformed annotation is an error too', async () => {
    const result = await runDeclarationsStage({}, { 'scripts/run.sh': '# @release-safety breaking workers restart together' });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['declarations could not be read as intended: scripts/run.sh:1 (declared-break-malformed)']);
  });

  it('# and /* */ syntaxes in any text file', async () => {
    const result = await runDeclarationsStage(
      {},
      {
        'deploy/values.yaml': 'replicas: 2\n# @release-safety breaking: the chart renames the worker deployment',
        'src/queue.ts': '/*\n * Queue v2.\n * @release-safety breaking: queue payloads use the v2 schema\n */',
        'web/index.html': '<!-- @release-safety breaking: the service worker cache is invalidated -->',
      },
    );
    expect(result.section.map(({ file, line, reason }) => `${file}:${line} ${reason}`)).toEqual([
      'deploy/values.yaml:2 the chart renames the worker deployment',
      'src/queue.ts:3 queue payloads use the v2 schema',
      'web/index.html:1 the service worker cache is invalidated',
    ]);
  });

  it('reads no unchanged blob, and no base blob when head has no annotation', async () => {
    const unchanged = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`src/file-${i}.ts`, `export const v${i} = ${i}; ${BREAK}`]));
    const changed = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`src/changed-${i}.ts`, `export const c = ${i};`]));
    const started = performance.now();
    const result = await runDeclarationsStage(
      { ...unchanged, ...changed },
      { ...unchanged, ...Object.fromEntries(Object.entries(changed).map(([path, text]) => [path, `${text} // edited`])) },
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect([...result.reads.keys()].every((key) => key.startsWith('head:src/changed-'))).toBe(true);
    expect(result.reads.size).toBe(500);
  });

  it('skips binary blobs, and notes very large files it did not scan', async () => {
    const binary = `\0\u0001PNG${BREAK}`;
    const large = `${BREAK}\n${'x'.repeat(MAX_SCANNED_CHARS)}`;
    const result = await runDeclarationsStage({}, { 'assets/logo.png': binary, 'dist/bundle.js': large });
    expect(result.section).toEqual([]);
    // The unscanned file holds the marker: a break may be declared there, so nothing is proven.
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['dist/bundle.js: not scanned for declared breaks (larger than 5 MB)']);
  });

  it('a binary blob alone is no reason for unknown: it declares nothing', async () => {
    const result = await runDeclarationsStage({}, { 'assets/logo.png': `\0\u0001PNG${BREAK}` });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.notes).toEqual([]);
  });

  it('deleting a file with an annotation declares nothing', async () => {
    const result = await runDeclarationsStage({ 'src/a.ts': BREAK }, {});
    expect(result).toMatchObject({ section: [], verdict: { checked: true, breaking: false } });
  });

  it('fails closed through runStage when a changed file cannot be read', async () => {
    const { runStage } = await import('../../../src/stages/contract.js');
    const { stageInput } = await import('../../helpers/stage-input.js');
    const input = stageInput({ base: {}, head: { 'src/a.ts': BREAK } });
    const result = await runStage(declarationsStage, { ...input, read: async () => undefined });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['declarations stage failed: src/a.ts: listed as changed but missing at head (to)']);
  });
});

describe('declarationsStage: paths without content', () => {
  it('a changed path with no blob on a side (a submodule bump) is skipped, not a failure', async () => {
    const { stageInput } = await import('../../helpers/stage-input.js');
    const input = stageInput({ base: {}, head: { 'src/a.ts': BREAK } });
    const result = await declarationsStage.run({ ...input, changes: [...input.changes, { status: 'modified', path: 'vendor/lib' }] });
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(input.reads.has('head:vendor/lib')).toBe(false);
  });
});
