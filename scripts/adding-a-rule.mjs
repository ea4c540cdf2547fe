#!/usr/bin/env node
/**
 * Shows that adding a rule touches exactly two files and the import line (CONTRIBUTING.md, "Adding a
 * rule"): in a throwaway git worktree of HEAD it writes a new REST rule and its table test, adds the
 * import (and the name to the list) in the surface's catalogue, regenerates the docs, runs the type
 * check, the rule's test and the catalogue and docs tests, then fails unless what changed is exactly
 * the rule, its test, the catalogue and the generated docs page.
 *
 *   node scripts/adding-a-rule.mjs        (about a minute; nothing in this checkout is changed)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const scratch = mkdtempSync(join(tmpdir(), 'adding-a-rule-'));
const tree = join(scratch, 'tree');
const run = (command, args, env = {}) => execFileSync(command, args, { cwd: tree, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, ...env } });

const RULE = `import { defineRule } from '../../../rules/define.js';

export const apiOperationDeprecated = defineRule(
  {
    id: 'api-operation-deprecated',
    surface: 'rest',
    level: 'info',
    direction: 'request',
    summary: 'An operation is newly marked deprecated.',
    message: '{method} {path} — now deprecated',
    why: 'Nothing breaks yet; it announces a removal that callers must prepare for.',
    fix: 'Nothing to change now. Tell callers what replaces {method} {path}, and remove it only in a later release, once no supported previous version calls it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [{ base: \`
paths:
  /api/v1/saved:
    get: {responses: {'200': {description: ok}}}\`, revision: \`
paths:
  /api/v1/saved:
    get: {deprecated: true, responses: {'200': {description: ok}}}\` }],
    quiet: [{ base: \`
paths:
  /api/v1/saved:
    get: {deprecated: true, responses: {'200': {description: ok}}}\`, revision: \`
paths:
  /api/v1/saved:
    get: {deprecated: true, responses: {'200': {description: ok}}}\` }],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      if (operation.revision.deprecated && !operation.base.deprecated) emit(operation.revision, {}, operation.revision.pointer);
    }
  },
);
`;

const TEST = `import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiOperationDeprecated as rule } from './api-operation-deprecated.js';

const cases: RuleCase[] = [
  { name: 'documented example', ...rule.examples.flagged[0], expected: [{ params: { method: 'GET', path: '/api/v1/saved' }, pointer: '/paths/~1api~1v1~1saved/get' }] },
  { name: 'ok: already deprecated', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) => expect(lines).toMatchInlineSnapshot(\`
  [
    "GET /api/v1/saved — now deprecated",
  ]
\`));
`;

execFileSync('git', ['-C', root, 'worktree', 'add', '--quiet', '--detach', tree, 'HEAD']);
try {
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  // 1. the rule, 2. its table test
  writeFileSync(join(tree, 'src/stages/rest/rules/api-operation-deprecated.ts'), RULE);
  writeFileSync(join(tree, 'src/stages/rest/rules/api-operation-deprecated.test.ts'), TEST);
  // 3. the import line in the surface's catalogue, and the name in its list
  const catalogue = join(tree, 'src/stages/rest/rules/index.ts');
  const text = readFileSync(catalogue, 'utf8');
  writeFileSync(
    catalogue,
    `import { apiOperationDeprecated } from './api-operation-deprecated.js';\n${text}`.replace('export const restRules = [\n', 'export const restRules = [\n  apiOperationDeprecated,\n'),
  );
  run('npx', ['vitest', 'run', 'src/rules/docs.test.ts'], { UPDATE_DOCS: '1' });
  run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  run('npx', ['vitest', 'run', 'src/rules', 'src/stages/rest/rules/index.test.ts', 'src/stages/rest/rules/api-operation-deprecated.test.ts'], { CI: '1' });
  const changed = run('git', ['status', '--porcelain'])
    .split('\n')
    .filter((line) => line !== '' && !line.endsWith(' node_modules'))
    .sort();
  const expected = [
    ' M docs/rest.md',
    ' M src/stages/rest/rules/index.ts',
    '?? src/stages/rest/rules/api-operation-deprecated.test.ts',
    '?? src/stages/rest/rules/api-operation-deprecated.ts',
  ];
  const catalogueDiff = run('git', ['diff', '--numstat', '--', 'src/stages/rest/rules/index.ts']).trim();
  console.log(changed.join('\n'));
  console.log(`catalogue: ${catalogueDiff}`);
  if (JSON.stringify(changed) !== JSON.stringify(expected) || !catalogueDiff.startsWith('2\t0\t')) {
    console.error('adding a rule touched more than the rule, its test and the import line (plus the generated docs)');
    process.exitCode = 1;
  } else console.log('ok: the rule, its test and the import line (the docs page is generated)');
} finally {
  execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', tree]);
  rmSync(scratch, { recursive: true, force: true });
}
