import { defineRule } from '../../../rules/define.js';
import { parameterElement } from '../rule.js';
import { removalOf } from '../policy.js';

export const requestParameterRemovedBeforeSunset = defineRule(
  {
    id: 'request-parameter-removed-before-sunset',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A deprecated parameter was removed before the sunset date it announced (`x-sunset`).',
    message: '{method} {path} — deprecated {element} removed before its sunset {sunset}',
    why: 'The sunset date promised callers the parameter until then; a filter they still send silently stops working, or the request is refused.',
    fix: 'Keep accepting {element} on {method} {path}, marked `deprecated: true` with `x-sunset: {sunset}`, in releases made before {sunset}; remove it after that date.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: role, deprecated: true, x-sunset: '2027-01-01', schema: {type: string}}]
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
      parameters: [{in: query, name: role, deprecated: true, x-sunset: '2026-05-01', schema: {type: string}}]
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
        if (removal.kind === 'before-sunset')
          emit(operation.revision, { element: parameterElement(parameter.location, parameter.name), sunset: removal.sunset }, parameter.pointer);
      }
    }
  },
);
