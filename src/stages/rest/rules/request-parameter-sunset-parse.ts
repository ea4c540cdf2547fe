import { defineRule } from '../../../rules/define.js';
import { parameterElement } from '../rule.js';
import { removalOf } from '../policy.js';

export const requestParameterSunsetParse = defineRule(
  {
    id: 'request-parameter-sunset-parse',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A deprecated parameter was removed, and its sunset (`x-sunset`) is not an RFC 3339 date, so whether it has passed cannot be told.',
    message: "{method} {path} — deprecated {element} removed; its sunset '{value}' is not an RFC 3339 date",
    why: 'Removing before the sunset breaks callers who still send it; a sunset that cannot be read is not proof that the date has passed.',
    fix: 'Write the sunset of {element} on {method} {path} as an RFC 3339 date (`x-sunset: 2026-12-31`) while it is deprecated, and remove it after that date.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: role, deprecated: true, x-sunset: 'Q3', schema: {type: string}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: role, deprecated: true, x-sunset: '2026-01-31', schema: {type: string}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const parameter of operation.parametersRemoved) {
        const removal = removalOf(parameter, diff.policy);
        if (removal.kind === 'sunset-invalid')
          emit(operation.revision, { element: parameterElement(parameter.location, parameter.name), value: removal.value }, parameter.pointer);
      }
    }
  },
);
