import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiPathSunsetParse as rule } from './api-path-sunset-parse.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/saved/{chartUuid}/legacy', value: 'next spring' },
        pointer: '/paths/~1api~1v1~1saved~1{chartUuid}~1legacy/get',
      },
    ],
  },
  { name: 'ok: a readable sunset that passed', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a day that does not exist',
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: '2026-02-30', responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    expected: [
      { params: { method: 'GET', path: '/api/v1/saved/{chartUuid}/legacy', value: '2026-02-30' }, pointer: '/paths/~1api~1v1~1saved~1{chartUuid}~1legacy/get' },
    ],
  },
  {
    name: 'not a string',
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: 20260101, responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    expected: [
      { params: { method: 'GET', path: '/api/v1/saved/{chartUuid}/legacy', value: '20260101' }, pointer: '/paths/~1api~1v1~1saved~1{chartUuid}~1legacy/get' },
    ],
  },
  {
    name: 'ok: not deprecated, so the sunset is not read (api-path-removed-without-deprecation)',
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {x-sunset: 'soon', responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/saved/{chartUuid}/legacy — deprecated operation removed; its sunset 'next spring' is not an RFC 3339 date",
    "GET /api/v1/saved/{chartUuid}/legacy — deprecated operation removed; its sunset '2026-02-30' is not an RFC 3339 date",
    "GET /api/v1/saved/{chartUuid}/legacy — deprecated operation removed; its sunset '20260101' is not an RFC 3339 date",
  ]
`),
);
