import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiRemovedWithoutDeprecation as rule } from './api-removed-without-deprecation.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'DELETE', path: '/api/v1/org/users' }, pointer: '/paths/~1api~1v1~1org~1users/delete' }],
  },
  {
    name: 'ok: the removed operation was deprecated',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
    delete: {deprecated: true, responses: {'204': {description: gone}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    expected: [],
  },
  {
    name: 'ok: nothing removed',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "DELETE /api/v1/org/users — operation removed",
  ]
`),
);
