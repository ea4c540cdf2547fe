import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/env/run-env-stage.js';
import { envDefaultChanged } from './env-default-changed.js';

const rule = envDefaultChanged.meta.id;
const at = (line: number, statement: string) => ({ file: 'src/config.ts', line, statement });

describe(rule, () => {
  const cases = [
    {
      name: 'flags a changed || literal',
      base: "export const a = process.env.A || 'x';",
      head: "export const a = process.env.A || 'y';",
      expected: [{ rule, params: { name: 'A', previousDefault: "'x'", defaultValue: "'y'" }, evidence: at(1, "export const a = process.env.A || 'y';") }],
    },
    {
      name: 'flags a changed ?? literal inside parseInt',
      base: "export const n = parseInt(process.env.N ?? '10', 10);",
      head: "export const n = parseInt(process.env.N ?? '20', 10);",
      expected: [
        {
          rule,
          params: { name: 'N', previousDefault: "'10'", defaultValue: "'20'" },
          evidence: at(1, "export const n = parseInt(process.env.N ?? '20', 10);"),
        },
      ],
    },
    {
      name: "flags a boolean flipped from === 'true' to !== 'false'",
      base: "export const on = process.env.ON === 'true';",
      head: "export const on = process.env.ON !== 'false';",
      expected: [
        { rule, params: { name: 'ON', previousDefault: "'false'", defaultValue: "'true'" }, evidence: at(1, "export const on = process.env.ON !== 'false';") },
      ],
    },
    {
      name: 'flags a default that appeared',
      base: 'export const a = process.env.A;',
      head: "export const a = process.env.A || 'x';",
      expected: [{ rule, params: { name: 'A', previousDefault: 'none', defaultValue: "'x'" }, evidence: at(1, "export const a = process.env.A || 'x';") }],
    },
    {
      name: 'flags a helper default given as the second argument, split over lines',
      base: 'export const t = getIntegerFromEnvironmentVariable(\n  TIMEOUT,\n  30,\n);\nconst TIMEOUT = "TIMEOUT_SECONDS";',
      head: 'export const t = getIntegerFromEnvironmentVariable(\n  TIMEOUT,\n  60,\n);\nconst TIMEOUT = "TIMEOUT_SECONDS";',
      expected: [
        {
          rule,
          params: { name: 'TIMEOUT_SECONDS', previousDefault: "'30'", defaultValue: "'60'" },
          evidence: at(1, 'export const t = getIntegerFromEnvironmentVariable('),
        },
      ],
    },
    // Issue 32 (a real false alarm): a new `=== 'true'` test beside a plain read changes no default.
    {
      name: "ignores a new === 'true' comparison beside a plain read",
      base: 'export const token = process.env.FEATURE_TOKEN;',
      head: "export const token = process.env.FEATURE_TOKEN;\nexport const enabled = process.env.FEATURE_TOKEN === 'true';",
      expected: [],
    },
    {
      name: 'ignores a new comparison beside a read with a default',
      base: "export const mode = process.env.MODE || 'auto';",
      head: "export const mode = process.env.MODE || 'auto';\nexport const strict = process.env.MODE === 'true';",
      expected: [],
    },
    {
      name: 'ignores a reformatted read with the same default',
      base: "export const a = process.env.A || 'x';",
      head: "export const a =\n  process.env['A'] ||\n  'x';",
      expected: [],
    },
    // A default that is the value of another variable (read through a destructuring of a same-file
    // function's result): modelled on lightdash 0.1622.0 → 0.1623.0, packages/backend/src/config/parseConfig.ts.
    {
      name: 'flags a default that became the value of another variable, read through a destructured function result',
      base: 'export const results = { bucket: process.env.RESULTS_CACHE_S3_BUCKET };\nexport const s3 = { bucket: process.env.S3_BUCKET };',
      head: [
        'export const parseBaseS3Config = () => {',
        '  const bucket = process.env.S3_BUCKET;',
        "  if (!bucket) throw new Error('Missing S3 configuration');",
        '  return { bucket };',
        '};',
        'export const parseResultsS3Config = () => {',
        '  const baseS3Config = parseBaseS3Config();',
        '  const { bucket: baseBucket } = baseS3Config;',
        '  const bucket = process.env.RESULTS_CACHE_S3_BUCKET || baseBucket;',
        '  return { bucket };',
        '};',
      ].join('\n'),
      expected: [
        {
          rule,
          params: { name: 'RESULTS_CACHE_S3_BUCKET', previousDefault: 'none', defaultValue: 'the value of S3_BUCKET' },
          evidence: at(9, 'const bucket = process.env.RESULTS_CACHE_S3_BUCKET || baseBucket;'),
        },
      ],
    },
    {
      name: 'flags a fallback to another variable that appeared',
      base: 'export const a = process.env.A;\nexport const b = process.env.B;',
      head: 'export const a = process.env.A || process.env.B;\nexport const b = process.env.B;',
      expected: [
        {
          rule,
          params: { name: 'A', previousDefault: 'none', defaultValue: 'the value of B' },
          evidence: at(1, 'export const a = process.env.A || process.env.B;'),
        },
      ],
    },
    {
      name: 'ignores the same destructured default at both refs, moved',
      base: 'const base = () => { const bucket = process.env.S3_BUCKET; return { bucket }; };\nexport const f = () => { const { bucket: b } = base(); return process.env.R || b; };',
      head: '\nconst base = () => { const bucket = process.env.S3_BUCKET; return { bucket }; };\nexport const f = () => { const { bucket: b } = base(); return process.env.R || b; };',
      expected: [],
    },
    {
      name: 'ignores a same-file constant that holds the same default',
      base: "export const a = process.env.A || 'x';",
      head: "const DEFAULT_A = 'x';\nexport const a = process.env.A || DEFAULT_A;",
      expected: [],
    },
  ];
  it.each(cases)('$name', async ({ base, head, expected }) => {
    expect(await findingsOf(rule, base, head)).toEqual(expected);
  });

  it('renders its message', async () => {
    const [finding] = await findingsOf(rule, "export const level = process.env.LOG_LEVEL || 'info';", "export const level = process.env.LOG_LEVEL || 'debug';");
    expect(renderFinding(envDefaultChanged.meta, finding!).message).toMatchInlineSnapshot(
      `"environment variable LOG_LEVEL default changed from 'info' to 'debug'"`,
    );
  });
});
