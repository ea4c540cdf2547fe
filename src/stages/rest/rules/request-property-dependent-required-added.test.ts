import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyDependentRequiredAdded as rule } from './request-property-dependent-required-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/payments', element: 'request body', keyword: 'dependentRequired', before: 'none', after: '{"card":["cvc"]}' },
        pointer: '/paths/~1api~1v1~1payments/post/requestBody/content/application~1json/schema/dependentRequired/card',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a name added to an existing list',
    base: `
openapi: 3.1.0
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, dependentRequired: {card: [cvc]}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, dependentRequired: {card: [cvc, expiry]}}}}}
      responses: {'201': {description: created}}`,
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v1/payments',
          element: 'request body',
          keyword: 'dependentRequired',
          before: '{"card":["cvc"]}',
          after: '{"card":["cvc","expiry"]}',
        },
        pointer: '/paths/~1api~1v1~1payments/post/requestBody/content/application~1json/schema/dependentRequired/card',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/payments — request body dependentRequired tightened from none to {"card":["cvc"]}",
    "POST /api/v1/payments — request body dependentRequired tightened from {"card":["cvc"]} to {"card":["cvc","expiry"]}",
  ]
`),
);
