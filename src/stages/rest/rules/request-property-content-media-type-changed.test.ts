import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyContentMediaTypeChanged as rule } from './request-property-content-media-type-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v1/avatars',
          element: "request property 'image'",
          keyword: 'contentMediaType',
          before: '"image/png"',
          after: '"image/webp"',
        },
        pointer: '/paths/~1api~1v1~1avatars/post/requestBody/content/application~1json/schema/properties/image',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'the encoding changed',
    base: `
openapi: 3.1.0
paths:
  /api/v1/avatars:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64}}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/avatars:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base32}}}}}}
      responses: {'201': {description: created}}`,
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v1/avatars',
          element: "request property 'image'",
          keyword: 'contentEncoding',
          before: '"base64"',
          after: '"base32"',
        },
        pointer: '/paths/~1api~1v1~1avatars/post/requestBody/content/application~1json/schema/properties/image',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/avatars — request property 'image' contentMediaType changed from "image/png" to "image/webp"",
    "POST /api/v1/avatars — request property 'image' contentEncoding changed from "base64" to "base32"",
  ]
`),
);
