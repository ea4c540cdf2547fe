import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/env/run-env-stage.js';
import { envVariableRemoved } from './env-variable-removed.js';

const rule = envVariableRemoved.meta.id;

describe(rule, () => {
  const cases = [
    {
      name: 'flags a variable no longer read, with its previous default',
      base: "export const port = process.env.PORT || '3000';\nexport const host = process.env.HOST;",
      head: "export const port = process.env.PORT || '3000';",
      expected: [
        {
          rule,
          params: { name: 'HOST', previousDefault: 'none' },
          evidence: { file: 'src/config.ts', line: 2, statement: 'export const host = process.env.HOST;' },
        },
      ],
    },
    {
      name: 'keeps a name still read as a fallback',
      base: "export const a = process.env.OLD || 'x';",
      head: "export const a = process.env.NEW || process.env.OLD || 'x';",
      expected: [],
    },
    {
      name: 'keeps a name read elsewhere in the file',
      base: 'export const a = process.env.A;\nexport const b = process.env.A;',
      head: 'export const b = process.env.A;',
      expected: [],
    },
    {
      name: 'flags a destructured name that went away',
      base: "const { A, B = 'b' } = process.env;",
      head: 'const { A } = process.env;',
      expected: [
        { rule, params: { name: 'B', previousDefault: "'b'" }, evidence: { file: 'src/config.ts', line: 1, statement: "const { A, B = 'b' } = process.env;" } },
      ],
    },
  ];
  it.each(cases)('$name', async ({ base, head, expected }) => {
    expect(await findingsOf(rule, base, head)).toEqual(expected);
  });

  it('renders its message', async () => {
    const [finding] = await findingsOf(rule, "export const port = parseInt(process.env.PORT || '3000');", 'export {};');
    expect(renderFinding(envVariableRemoved.meta, finding!).message).toMatchInlineSnapshot(
      `"environment variable PORT is no longer read (previous default: '3000')"`,
    );
  });
});
