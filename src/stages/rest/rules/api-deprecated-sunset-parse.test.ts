import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiDeprecatedSunsetParse as rule } from './api-deprecated-sunset-parse.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users', value: '31/12/2026' }, pointer: '/paths/~1api~1v1~1org~1users/get/x-sunset' }],
  },
  { name: 'ok: an RFC 3339 date', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'an added operation',
    base: 'paths: {}',
    revision: `
paths:
  /api/v1/org/users:
    get: {deprecated: true, x-sunset: 'Tue, 31 Dec 2026 00:00:00 GMT', responses: {'200': {description: ok}}}`,
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', value: 'Tue, 31 Dec 2026 00:00:00 GMT' }, pointer: '/paths/~1api~1v1~1org~1users/get/x-sunset' },
    ],
  },
  {
    name: 'ok: a date-time with an offset',
    base: 'paths: {}',
    revision: `
paths:
  /api/v1/org/users:
    get: {deprecated: true, x-sunset: '2026-12-31T23:59:59.5-05:00', responses: {'200': {description: ok}}}`,
    expected: [],
  },
  {
    name: "the team's own extension name",
    base: 'paths: {}',
    revision: `
paths:
  /api/v1/org/users:
    get: {deprecated: true, x-sunset: 'soon', x-removal-date: 'soon', responses: {'200': {description: ok}}}`,
    policy: { sunsetExtension: 'x-removal-date' },
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users', value: 'soon' }, pointer: '/paths/~1api~1v1~1org~1users/get/x-removal-date' }],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — sunset '31/12/2026' is not an RFC 3339 date",
    "GET /api/v1/org/users — sunset 'Tue, 31 Dec 2026 00:00:00 GMT' is not an RFC 3339 date",
    "GET /api/v1/org/users — sunset 'soon' is not an RFC 3339 date",
  ]
`),
);
