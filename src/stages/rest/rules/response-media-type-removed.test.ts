import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responseMediaTypeRemoved as rule } from './response-media-type-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', status: '200', mediaType: 'text/csv' }, pointer: '/paths/~1api~1v1~1org~1users/get/responses/200' },
    ],
  },
  {
    name: 'ok: a media type added',
    base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}, text/csv: {schema: {type: string}}}}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — response 200 media type 'text/csv' removed",
  ]
`),
);
