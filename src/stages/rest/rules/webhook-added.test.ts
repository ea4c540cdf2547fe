import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { webhookAdded as rule } from './webhook-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'POST', path: "webhook 'orderUpdated'" }, pointer: '/webhooks/orderUpdated/post' }],
  },
  {
    name: 'ok: a webhook changed, not added',
    ...rule.examples.quiet[0],
    expected: [],
  },
  {
    name: 'ok: a webhook removed',
    base: `
openapi: 3.1.0
paths: {}
webhooks:
  orderUpdated:
    post: {responses: {'200': {description: ok}}}`,
    revision: `
openapi: 3.1.0
paths: {}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST webhook 'orderUpdated' — new webhook",
  ]
`),
);
