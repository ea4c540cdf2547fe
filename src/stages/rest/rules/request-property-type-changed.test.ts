import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyTypeChanged as rule } from './request-property-type-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v2/content/recently-viewed',
          element: "request property 'contentUuid'",
          aspect: 'type',
          before: 'string',
          after: 'integer',
        },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/contentUuid',
      },
    ],
  },
  {
    name: 'ok: widened from integer to number',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {n: {type: integer}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {n: {type: number}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'a format appeared',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string, format: uuid}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v2/content/recently-viewed',
          element: "request property 'contentUuid'",
          aspect: 'format',
          before: 'none',
          after: '"uuid"',
        },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/contentUuid',
      },
    ],
  },
  {
    name: 'a oneOf alternative removed',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {target: {oneOf: [{type: string}, {type: integer}]}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {target: {oneOf: [{type: string}]}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v2/content/recently-viewed',
          element: "request property 'target'",
          aspect: 'type',
          before: 'alternative',
          after: 'none',
        },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/target/oneOf/1',
      },
    ],
  },
  {
    name: 'an items schema appeared',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {tags: {type: array}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {tags: {type: array, items: {type: string}}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v2/content/recently-viewed',
          element: "request property 'tags[]'",
          aspect: 'type',
          before: 'any',
          after: 'schema',
        },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/tags/items',
      },
    ],
  },
  {
    name: 'ok: a oneOf alternative added',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {target: {oneOf: [{type: string}]}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {target: {oneOf: [{type: string}, {type: integer}]}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — request property 'contentUuid' type changed from string to integer",
    "POST /api/v2/content/recently-viewed — request property 'contentUuid' format changed from none to "uuid"",
    "POST /api/v2/content/recently-viewed — request property 'target' type changed from alternative to none",
    "POST /api/v2/content/recently-viewed — request property 'tags[]' type changed from any to schema",
  ]
`),
);
