import { defineRule } from '../../../rules/define.js';
import { sunsetOf } from '../policy.js';

export const apiDeprecatedSunsetParse = defineRule(
  {
    id: 'api-deprecated-sunset-parse',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'An operation added or changed in this release declares a sunset (`x-sunset`) that is not an RFC 3339 date.',
    message: "{method} {path} — sunset '{value}' is not an RFC 3339 date",
    why: 'Callers and tools cannot read when the operation goes away, and its removal can never be proven to come after the sunset (it will be reported as breaking).',
    fix: 'Write the sunset of {method} {path} as an RFC 3339 date: `x-sunset: 2026-12-31` (or a date-time such as `2026-12-31T00:00:00Z`).',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {deprecated: true, x-sunset: '31/12/2026', responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {deprecated: true, x-sunset: '2026-12-31', responses: {'200': {description: ok}}}`,
      },
    ],
  },
  (diff, emit) => {
    const operations = [...diff.operationsAdded, ...diff.operationsChanged.map((change) => change.revision)];
    for (const operation of operations) {
      const sunset = sunsetOf(operation.extensions, diff.policy);
      if (sunset && 'invalid' in sunset) emit(operation, { value: sunset.invalid }, `${operation.pointer}/${diff.policy.sunsetExtension}`);
    }
  },
);
