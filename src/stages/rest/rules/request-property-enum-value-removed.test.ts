import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyEnumValueRemoved as rule } from './request-property-enum-value-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', element: "request property 'contentType'", value: '"dashboard"' },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/contentType',
      },
    ],
  },
  {
    name: 'through a $ref to an enum component',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {$ref: '#/components/schemas/RecentContentType'}}}}}}
      responses: {'200': {description: ok}}
components:
  schemas:
    RecentContentType: {type: string, enum: [chart, dashboard]}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {$ref: '#/components/schemas/RecentContentType'}}}}}}
      responses: {'200': {description: ok}}
components:
  schemas:
    RecentContentType: {type: string, enum: [chart]}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', element: "request property 'contentType'", value: '"dashboard"' },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/contentType',
      },
    ],
  },
  {
    name: 'ok: the component renamed with identical content',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {$ref: '#/components/schemas/RecentContentType'}}}}}}
      responses: {'200': {description: ok}}
components:
  schemas:
    RecentContentType: {type: string, enum: [chart, dashboard]}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {$ref: '#/components/schemas/ContentKind'}}}}}}
      responses: {'200': {description: ok}}
components:
  schemas:
    ContentKind: {type: string, enum: [chart, dashboard]}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — request property 'contentType' no longer accepts "dashboard"",
    "POST /api/v2/content/recently-viewed — request property 'contentType' no longer accepts "dashboard"",
  ]
`),
);
