import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/cli.js';

/** The README's reliability table names the test proving each guarantee: every named file exists. */
describe('README reliability section', () => {
  it('names only test files that exist', () => {
    const readme = readFileSync(`${projectRoot}README.md`, 'utf8');
    const section = readme.slice(readme.indexOf('## Reliability'), readme.indexOf('\n## ', readme.indexOf('## Reliability') + 3));
    const named = [...section.matchAll(/`((?:test|src)\/[\w./-]+\.ts)`/g)].map((match) => match[1] as string);
    expect(named.length).toBeGreaterThan(5);
    for (const file of named) expect(existsSync(`${projectRoot}${file}`), file).toBe(true);
  });
});
