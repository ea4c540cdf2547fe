import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responseSuccessStatusRemoved as rule } from './response-success-status-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', status: '200' },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/responses/200',
      },
    ],
  },
  {
    name: 'ok: 200 now covered by the 2XX range',
    base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'2XX': {description: ok, content: {application/json: {schema: {type: object}}}}}`,
    expected: [],
  },
  {
    name: 'ok: an error status removed (info, another rule)',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}, '404': {description: no}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — success response 200 removed",
  ]
`),
);
