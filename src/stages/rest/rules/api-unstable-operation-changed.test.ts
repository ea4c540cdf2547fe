import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiUnstableOperationChanged as rule } from './api-unstable-operation-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/ai/agents', stability: 'alpha', rules: 'new-required-request-property, request-property-became-required' },
        pointer: '/paths/~1api~1v2~1ai~1agents/post',
      },
    ],
  },
  { name: 'ok: a compatible change of a beta operation', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a draft operation removed',
    base: `
paths:
  /api/v2/ai/agents:
    post: {x-stability-level: draft, responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/ai/agents', stability: 'draft', rules: 'api-path-removed-without-deprecation' },
        pointer: '/paths/~1api~1v2~1ai~1agents/post',
      },
    ],
  },
  {
    name: 'ok: a stable operation made alpha is judged as stable (api-stability-decreased)',
    base: `
paths:
  /api/v2/ai/agents:
    post: {responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    expected: [],
  },
  {
    name: 'ok: an invalid level excuses nothing',
    base: `
paths:
  /api/v2/ai/agents:
    post: {x-stability-level: experimental, responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/ai/agents — alpha operation changed incompatibly (new-required-request-property, request-property-became-required)",
    "POST /api/v2/ai/agents — draft operation changed incompatibly (api-path-removed-without-deprecation)",
  ]
`),
);
