import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** `release-safety diff openapi` on hand-written specs (issue 17): recoverable problems are warnings on stderr, not a refusal. */

const temp = mkdtempSync(join(tmpdir(), 'rs-diff-lenient-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function write(name: string, paths: string): string {
  const path = join(temp, name);
  writeFileSync(path, `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n${paths}`);
  return path;
}

describe('diff openapi: lenient loading', () => {
  it('a spec without responses is diffed: the removed operation is found, each problem is a warning', () => {
    const base = write('base.yaml', '  /api/v1/org/users:\n    get: {}\n    delete: {}\n');
    const revision = write('revision.yaml', '  /api/v1/org/users:\n    get: {}\n');
    const run = runCli(['diff', 'openapi', '--json', base, revision]);
    expect(run.status).toBe(1);
    expect((JSON.parse(run.stdout) as { findings: Array<{ rule: string; operation: string }> }).findings.map((f) => [f.rule, f.operation])).toEqual([
      ['api-removed-without-deprecation', 'DELETE /api/v1/org/users'],
    ]);
    expect(run.stderr.trim().split('\n')).toEqual([
      `warning: ${base}: /paths/~1api~1v1~1org~1users/get/responses: missing responses object (read as no documented response)`,
      `warning: ${base}: /paths/~1api~1v1~1org~1users/delete/responses: missing responses object (read as no documented response)`,
      `warning: ${revision}: /paths/~1api~1v1~1org~1users/get/responses: missing responses object (read as no documented response)`,
    ]);
  });

  it('an unresolvable $ref still refuses the document (exit 2, naming it)', () => {
    const base = write('ok.yaml', "  /a:\n    get: {responses: {'200': {description: ok}}}\n");
    const broken = write('broken.yaml', "  /a:\n    get: {responses: {'200': {$ref: '#/components/responses/Nope'}}}\n");
    const run = runCli(['diff', 'openapi', base, broken]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unresolved reference #/components/responses/Nope');
  });
});
