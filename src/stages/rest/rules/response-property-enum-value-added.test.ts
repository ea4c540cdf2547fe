import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyEnumValueAdded as rule } from './response-property-enum-value-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'role'", value: '"admin"' },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/role',
      },
    ],
  },
  {
    name: 'ok: a value removed',
    base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {r: {type: string, enum: [a, b]}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {r: {type: string, enum: [a]}}}}}}}`,
    expected: [],
  },
  {
    name: 'ok: a const replaced (its only value gone: response-property-const-changed, not a value added)',
    base: `
paths:
  /api/v1/events:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: a}}}}}}}}`,
    revision: `
paths:
  /api/v1/events:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: b}}}}}}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — response 200 property 'role' may now be "admin"",
  ]
`),
);
