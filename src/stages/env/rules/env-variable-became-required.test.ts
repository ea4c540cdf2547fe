import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/env/run-env-stage.js';
import { envVariableBecameRequired } from './env-variable-became-required.js';

const rule = envVariableBecameRequired.meta.id;
const Z = "import { z } from 'zod';\n";
const zodEnv = (shape: string) => `${Z}export const env = z.object({ ${shape} }).parse(process.env);`;
const t3Env = (shape: string) =>
  `${Z}import { createEnv } from '@t3-oss/env-core';\nexport const env = createEnv({ server: { ${shape} }, runtimeEnv: process.env });`;
const envalid = (spec: string) => `import { cleanEnv, str } from 'envalid';\nexport const env = cleanEnv(process.env, { ${spec} });`;

describe(rule, () => {
  const flagged = (line: number, statement: string) => [
    { rule, params: { name: 'SENTRY_DSN', previousDefault: 'none' }, evidence: { file: 'src/config.ts', line, statement } },
  ];
  const cases = [
    {
      name: 'zod: .optional() dropped',
      base: zodEnv('SENTRY_DSN: z.string().optional()'),
      head: zodEnv('SENTRY_DSN: z.string().url()'),
      expected: flagged(2, 'export const env = z.object({ SENTRY_DSN: z.string().url() }).parse(process.env);'),
    },
    {
      name: 'zod: .nullish() dropped, through a schema constant',
      base: `${Z}const dsn = z.string().nullish();\nexport const env = z.object({ SENTRY_DSN: dsn }).parse(process.env);`,
      head: `${Z}const dsn = z.string().min(1);\nexport const env = z.object({ SENTRY_DSN: dsn }).parse(process.env);`,
      expected: flagged(3, 'export const env = z.object({ SENTRY_DSN: dsn }).parse(process.env);'),
    },
    {
      name: 'zod: .partial() of the whole object dropped',
      base: `${Z}export const env = z.object({ SENTRY_DSN: z.string() }).partial().parse(process.env);`,
      head: zodEnv('SENTRY_DSN: z.string()'),
      expected: flagged(2, 'export const env = z.object({ SENTRY_DSN: z.string() }).parse(process.env);'),
    },
    {
      name: 't3-env: .optional() dropped',
      base: t3Env('SENTRY_DSN: z.string().optional()'),
      head: t3Env('SENTRY_DSN: z.string()'),
      expected: flagged(3, 'export const env = createEnv({ server: { SENTRY_DSN: z.string() }, runtimeEnv: process.env });'),
    },
    {
      name: 'envalid: `default: undefined` dropped',
      base: envalid('SENTRY_DSN: str({ default: undefined })'),
      head: envalid('SENTRY_DSN: str()'),
      expected: flagged(2, 'export const env = cleanEnv(process.env, { SENTRY_DSN: str() });'),
    },
    {
      name: 'envalid: only a devDefault left (production requires it)',
      base: envalid("SENTRY_DSN: str({ default: '' })"),
      head: envalid("SENTRY_DSN: str({ devDefault: '' })"),
      expected: [
        {
          rule,
          params: { name: 'SENTRY_DSN', previousDefault: "''" },
          evidence: { file: 'src/config.ts', line: 2, statement: "export const env = cleanEnv(process.env, { SENTRY_DSN: str({ devDefault: '' }) });" },
        },
      ],
    },
    {
      name: 'a plain read with a default, now a required schema key',
      base: "export const dsn = process.env.SENTRY_DSN ?? '';",
      head: zodEnv('SENTRY_DSN: z.string()'),
      expected: [
        {
          rule,
          params: { name: 'SENTRY_DSN', previousDefault: "''" },
          evidence: { file: 'src/config.ts', line: 2, statement: 'export const env = z.object({ SENTRY_DSN: z.string() }).parse(process.env);' },
        },
      ],
    },
    {
      name: 'quiet: optional at both refs (a default, coerce.boolean, any)',
      base: zodEnv("SENTRY_DSN: z.string().default('')"),
      head: zodEnv('SENTRY_DSN: z.coerce.boolean()'),
      expected: [],
    },
    { name: 'quiet: required made optional', base: zodEnv('SENTRY_DSN: z.string()'), head: zodEnv('SENTRY_DSN: z.string().optional()'), expected: [] },
    {
      name: 'quiet: required at both refs, a nullable that still refuses unset',
      base: zodEnv('SENTRY_DSN: z.string().nullable()'),
      head: zodEnv('SENTRY_DSN: z.string().url()'),
      expected: [],
    },
  ];
  it.each(cases)('$name', async ({ base, head, expected }) => {
    expect(await findingsOf(rule, base, head)).toEqual(expected);
  });

  it('renders its message', async () => {
    const [finding] = await findingsOf(rule, zodEnv('SENTRY_DSN: z.string().optional()'), zodEnv('SENTRY_DSN: z.string()'));
    expect(renderFinding(envVariableBecameRequired.meta, finding!).message).toMatchInlineSnapshot(
      `"environment variable SENTRY_DSN became required (previous default: none)"`,
    );
  });
});
