import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiRemovedBeforeSunset as rule } from './api-removed-before-sunset.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/saved/{chartUuid}/legacy', sunset: '2027-01-01' },
        pointer: '/paths/~1api~1v1~1saved~1{chartUuid}~1legacy/get',
      },
    ],
  },
  { name: 'ok: the sunset passed before the release date', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a date-time sunset later on the release day',
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: '2026-06-01T18:00:00+02:00', responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    policy: { today: '2026-06-01T09:30:00Z' },
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/saved/{chartUuid}/legacy', sunset: '2026-06-01T18:00:00+02:00' },
        pointer: '/paths/~1api~1v1~1saved~1{chartUuid}~1legacy/get',
      },
    ],
  },
  {
    name: 'ok: a date sunset is reached at the start of that day (UTC)',
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: '2026-06-01', responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    policy: { today: '2026-06-01T00:00:00Z' },
    expected: [],
  },
  {
    name: 'no release date to compare with: the sunset is not proven passed',
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: '2020-01-01', responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    policy: { today: undefined },
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/saved/{chartUuid}/legacy', sunset: '2020-01-01' },
        pointer: '/paths/~1api~1v1~1saved~1{chartUuid}~1legacy/get',
      },
    ],
  },
  {
    name: "the team's own sunset extension (config rest.sunsetExtension)",
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: '2020-01-01', x-api-sunset: '2027-03-01', responses: {'200': {description: ok}}}`,
    revision: 'paths: {}',
    policy: { sunsetExtension: 'x-api-sunset' },
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/saved/{chartUuid}/legacy', sunset: '2027-03-01' },
        pointer: '/paths/~1api~1v1~1saved~1{chartUuid}~1legacy/get',
      },
    ],
  },
  {
    name: 'ok: a sunset without deprecated: true (api-removed-without-deprecation)',
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {x-sunset: '2027-01-01', responses: {'200': {description: ok}}}
  /api/v1/health:
    get: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/health:
    get: {responses: {'200': {description: ok}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/saved/{chartUuid}/legacy — deprecated operation removed before its sunset 2027-01-01",
    "GET /api/v1/saved/{chartUuid}/legacy — deprecated operation removed before its sunset 2026-06-01T18:00:00+02:00",
    "GET /api/v1/saved/{chartUuid}/legacy — deprecated operation removed before its sunset 2020-01-01",
    "GET /api/v1/saved/{chartUuid}/legacy — deprecated operation removed before its sunset 2027-03-01",
  ]
`),
);
