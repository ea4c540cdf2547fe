import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { webhookRemoved as rule } from './webhook-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example: a whole webhook removed',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'POST', path: "webhook 'orderDeleted'" }, pointer: '/webhooks/orderDeleted/post' }],
  },
  {
    name: 'one operation of a webhook removed, through a $ref path item',
    base: `
openapi: 3.1.0
paths: {}
webhooks:
  order: {$ref: '#/components/pathItems/order'}
components:
  pathItems:
    order:
      post: {responses: {'200': {description: ok}}}
      put: {responses: {'200': {description: ok}}}`,
    revision: `
openapi: 3.1.0
paths: {}
webhooks:
  order: {$ref: '#/components/pathItems/order'}
components:
  pathItems:
    order:
      post: {responses: {'200': {description: ok}}}`,
    expected: [{ params: { method: 'PUT', path: "webhook 'order'" }, pointer: '/webhooks/order/put' }],
  },
  {
    name: 'ok: a webhook added',
    ...rule.examples.quiet[0],
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST webhook 'orderDeleted' — webhook removed",
    "PUT webhook 'order' — webhook removed",
  ]
`),
);
