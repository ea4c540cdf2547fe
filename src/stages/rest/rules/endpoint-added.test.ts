import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { endpointAdded as rule } from './endpoint-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users' }, pointer: '/paths/~1api~1v1~1org~1users/get' }],
  },
  {
    name: 'ok: same operations',
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
  {
    name: 'a second method on an existing path',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
    post: {responses: {'200': {description: ok}}}`,
    expected: [{ params: { method: 'POST', path: '/api/v1/org/users' }, pointer: '/paths/~1api~1v1~1org~1users/post' }],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — operation added",
    "POST /api/v1/org/users — operation added",
  ]
`),
);
