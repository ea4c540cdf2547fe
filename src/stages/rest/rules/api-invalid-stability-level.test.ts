import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiInvalidStabilityLevel as rule } from './api-invalid-stability-level.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', value: 'experimental', side: 'new spec' },
        pointer: '/paths/~1api~1v1~1org~1users/get/x-stability-level',
      },
    ],
  },
  { name: 'ok: a known level', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a removed operation, a value that is not a string',
    base: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: 2, responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', value: '2', side: 'old spec' }, pointer: '/paths/~1api~1v1~1org~1users/get/x-stability-level' },
    ],
  },
  {
    name: 'an added operation',
    base: 'paths: {}',
    revision: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: preview, responses: {'200': {description: ok}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', value: 'preview', side: 'new spec' },
        pointer: '/paths/~1api~1v1~1org~1users/get/x-stability-level',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — stability level 'experimental' is not one of draft, alpha, beta, stable (new spec)",
    "GET /api/v1/org/users — stability level '2' is not one of draft, alpha, beta, stable (old spec)",
    "GET /api/v1/org/users — stability level 'preview' is not one of draft, alpha, beta, stable (new spec)",
  ]
`),
);
