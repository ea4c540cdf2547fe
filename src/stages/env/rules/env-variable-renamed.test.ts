import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/env/run-env-stage.js';
import { envVariableRenamed } from './env-variable-renamed.js';

const rule = envVariableRenamed.meta.id;

describe(rule, () => {
  const cases = [
    {
      name: 'pairs a vanished and a new name read in the same property',
      base: "export const config = {\n  db: { host: process.env.PGHOST || 'localhost' },\n};",
      head: "export const config = {\n  db: { host: process.env.DATABASE_HOST || 'localhost' },\n};",
      expected: [
        {
          rule,
          params: { name: 'DATABASE_HOST', previousName: 'PGHOST', defaultValue: "'localhost'" },
          evidence: { file: 'src/config.ts', line: 2, statement: "db: { host: process.env.DATABASE_HOST || 'localhost' }," },
        },
      ],
    },
    {
      name: 'pairs a helper call whose name argument changed',
      base: "export const limit = getIntegerFromEnvironmentVariable('LIMIT', 5);",
      head: "export const limit = getIntegerFromEnvironmentVariable('MAX_ROWS', 5);",
      expected: [
        {
          rule,
          params: { name: 'MAX_ROWS', previousName: 'LIMIT', defaultValue: "'5'" },
          evidence: { file: 'src/config.ts', line: 1, statement: "export const limit = getIntegerFromEnvironmentVariable('MAX_ROWS', 5);" },
        },
      ],
    },
    { name: 'does not pair names read in different places', base: 'export const a = process.env.A;', head: 'export const b = process.env.B;', expected: [] },
    {
      name: 'does not pair when the place is ambiguous',
      base: 'export function f() { return [process.env.A, process.env.B]; }',
      head: 'export function f() { return [process.env.C, process.env.D]; }',
      expected: [],
    },
    {
      name: 'is not a rename when the old name is kept as a fallback',
      base: 'export const a = process.env.OLD;',
      head: 'export const a = process.env.NEW || process.env.OLD;',
      expected: [],
    },
  ];
  it.each(cases)('$name', async ({ base, head, expected }) => {
    expect(await findingsOf(rule, base, head)).toEqual(expected);
  });

  it('renders its message', async () => {
    const [finding] = await findingsOf(rule, 'export const url = process.env.SITE_URL;', "export const url = process.env.PUBLIC_URL ?? 'http://localhost';");
    expect(renderFinding(envVariableRenamed.meta, finding!).message).toMatchInlineSnapshot(
      `"environment variable SITE_URL renamed to PUBLIC_URL (default: 'http://localhost')"`,
    );
  });
});
