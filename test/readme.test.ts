import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { withActionTables } from '../scripts/action-readme.mjs';
import { projectRoot } from './helpers/cli.js';

const read = (path: string) => readFileSync(`${projectRoot}${path}`, 'utf8');

describe('README', () => {
  it('starts with the two commands a newcomer runs: the example and the tests', () => {
    const firstBlock = read('README.md').split('```')[1] ?? '';
    expect(firstBlock).toContain('npm ci && npm run example');
    expect(firstBlock).toContain('npm ci && npm test');
  });

  it('has the Action input and output tables generated from action.yml', () => {
    const readme = read('README.md');
    expect((withActionTables as (readme: string, action: string) => string)(readme, read('action.yml'))).toBe(readme);
  });

  it('names every script it tells people to run', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    for (const [, name] of read('README.md').matchAll(/npm run ([\w:-]+)/g)) expect(scripts).toContain(name);
  });
});
