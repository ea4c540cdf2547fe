import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requiredResponseHeaderRemoved as rule } from './required-response-header-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/projects/{projectUuid}/charts', header: 'X-Next-Cursor', status: '200' },
        pointer: '/paths/~1api~1v1~1projects~1{projectUuid}~1charts/get/responses/200/headers/X-Next-Cursor',
      },
    ],
  },
  { name: 'ok: an optional header removed', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a header behind a $ref, the response answered by a range in the new spec',
    base: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok, headers: {Location: {$ref: '#/components/headers/Location'}}}
components:
  headers:
    Location: {required: true, schema: {type: string}}`,
    revision: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        2XX: {description: ok}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/projects/{projectUuid}/charts', header: 'Location', status: '200' },
        pointer: '/paths/~1api~1v1~1projects~1{projectUuid}~1charts/get/responses/200/headers/Location',
      },
    ],
  },
  {
    name: 'ok: the same header spelled in another case',
    base: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok, headers: {X-Next-Cursor: {required: true, schema: {type: string}}}}`,
    revision: `
paths:
  /api/v1/projects/{projectUuid}/charts:
    get:
      responses:
        '200': {description: ok, headers: {x-next-cursor: {required: true, schema: {type: string}}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/projects/{projectUuid}/charts — required header 'X-Next-Cursor' of response 200 removed",
    "GET /api/v1/projects/{projectUuid}/charts — required header 'Location' of response 200 removed",
  ]
`),
);
