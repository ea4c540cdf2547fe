import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestBodyMediaTypeRemoved as rule } from './request-body-media-type-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/org/users', mediaType: 'application/x-www-form-urlencoded' },
        pointer: '/paths/~1api~1v1~1org~1users/post/requestBody',
      },
    ],
  },
  {
    name: 'ok: a media type added',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}, text/plain: {schema: {type: string}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/org/users — request body media type 'application/x-www-form-urlencoded' no longer accepted",
  ]
`),
);
