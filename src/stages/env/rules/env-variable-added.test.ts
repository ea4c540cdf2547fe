import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/env/run-env-stage.js';
import { envVariableAdded } from './env-variable-added.js';

const rule = envVariableAdded.meta.id;

describe(rule, () => {
  const cases = [
    {
      name: 'reports a new variable as info',
      base: 'export const a = process.env.A;',
      head: "export const a = process.env.A;\nexport const b = process.env.B ?? 'on';",
      expected: [
        {
          rule,
          params: { name: 'B', defaultValue: "'on'" },
          evidence: { file: 'src/config.ts', line: 2, statement: "export const b = process.env.B ?? 'on';" },
        },
      ],
    },
    {
      name: 'reports the new name of a fallback chain',
      base: 'export const a = process.env.OLD;',
      head: 'export const a = process.env.NEW || process.env.OLD;',
      expected: [
        {
          rule,
          params: { name: 'NEW', defaultValue: 'none' },
          evidence: { file: 'src/config.ts', line: 1, statement: 'export const a = process.env.NEW || process.env.OLD;' },
        },
      ],
    },
    { name: 'says nothing when no name is new', base: 'export const a = process.env.A;', head: "export const a = process.env.A || 'x';", expected: [] },
  ];
  it.each(cases)('$name', async ({ base, head, expected }) => {
    expect(await findingsOf(rule, base, head)).toEqual(expected);
  });

  it('is info, so a release that only adds variables is not breaking', async () => {
    expect(envVariableAdded.meta.level).toBe('info');
    const [finding] = await findingsOf(rule, 'export {};', 'export const cdn = process.env.CDN_URL;');
    expect(renderFinding(envVariableAdded.meta, finding!).message).toMatchInlineSnapshot(`"environment variable CDN_URL is new (default: none)"`);
  });
});
