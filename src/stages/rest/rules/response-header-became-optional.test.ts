import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responseHeaderBecameOptional as rule } from './response-header-became-optional.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/projects/{projectUuid}/charts', header: 'X-RateLimit-Limit', status: 'default' },
        pointer: '/paths/~1api~1v1~1projects~1{projectUuid}~1charts/get/responses/default/headers/X-RateLimit-Limit',
      },
    ],
  },
  { name: 'ok: an optional header became required', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'required left out (it defaults to false)',
    base: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok, headers: {ETag: {required: true, schema: {type: string}}}}`,
    revision: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok, headers: {ETag: {schema: {type: string}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/projects/{projectUuid}/charts', header: 'ETag', status: '200' },
        pointer: '/paths/~1api~1v1~1projects~1{projectUuid}~1charts/get/responses/200/headers/ETag',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/projects/{projectUuid}/charts — header 'X-RateLimit-Limit' of response default became optional",
    "GET /api/v1/projects/{projectUuid}/charts — header 'ETag' of response 200 became optional",
  ]
`),
);
