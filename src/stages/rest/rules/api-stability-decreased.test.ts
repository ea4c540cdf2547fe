import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiStabilityDecreased as rule } from './api-stability-decreased.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', before: 'stable', after: 'beta' }, pointer: '/paths/~1api~1v1~1org~1users/get/x-stability-level' },
    ],
  },
  { name: 'ok: raised to stable', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'no level declared reads as stable',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: alpha, responses: {'200': {description: ok}}}`,
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', before: 'stable', after: 'alpha' }, pointer: '/paths/~1api~1v1~1org~1users/get/x-stability-level' },
    ],
  },
  {
    name: 'ok: alpha to draft is a change of an alpha operation (api-unstable-operation-changed)',
    base: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: alpha, responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: draft, responses: {'200': {description: ok}}}`,
    expected: [],
  },
  {
    name: 'ok: an invalid level is not compared (api-invalid-stability-level)',
    base: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: stable, responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {x-stability-level: Beta, responses: {'200': {description: ok}}}`,
    expected: [],
  },
  {
    name: "the team's own extension name (config rest.stabilityExtension)",
    base: `
paths:
  /api/v1/org/users:
    get: {x-maturity: beta, responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {x-maturity: draft, x-stability-level: stable, responses: {'200': {description: ok}}}`,
    policy: { stabilityExtension: 'x-maturity' },
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', before: 'beta', after: 'draft' }, pointer: '/paths/~1api~1v1~1org~1users/get/x-maturity' },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — stability level decreased from stable to beta",
    "GET /api/v1/org/users — stability level decreased from stable to alpha",
    "GET /api/v1/org/users — stability level decreased from beta to draft",
  ]
`),
);
