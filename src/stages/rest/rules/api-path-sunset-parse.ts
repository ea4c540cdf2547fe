import { defineRule } from '../../../rules/define.js';
import { removalOf } from '../policy.js';

export const apiPathSunsetParse = defineRule(
  {
    id: 'api-path-sunset-parse',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A deprecated operation was removed, and its sunset (`x-sunset`) is not an RFC 3339 date, so whether it has passed cannot be told.',
    message: "{method} {path} — deprecated operation removed; its sunset '{value}' is not an RFC 3339 date",
    why: 'Removing before the sunset breaks callers who relied on it; a sunset that cannot be read is not proof that the date has passed.',
    fix: 'Write the sunset of {method} {path} as an RFC 3339 date (`x-sunset: 2026-12-31`) in the release that deprecates it, and remove the operation after that date.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: 'next spring', responses: {'200': {description: ok}}}`,
        revision: `
paths: {}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, x-sunset: '2026-03-31', responses: {'200': {description: ok}}}`,
        revision: `
paths: {}`,
      },
    ],
  },
  (diff, emit) => {
    for (const { operation } of diff.operationsRemoved) {
      const removal = removalOf(operation, diff.policy);
      if (removal.kind === 'sunset-invalid') emit(operation, { value: removal.value }, operation.pointer);
    }
  },
);
