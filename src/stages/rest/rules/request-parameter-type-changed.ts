import { defineRule } from '../../../rules/define.js';
import { forEachParameterChange, formatTypes, formatValue, parameterElement, requestSchemaNarrowing, SCHEMA_PRESENCE_KINDS } from '../rule.js';

export const requestParameterTypeChanged = defineRule(
  {
    id: 'request-parameter-type-changed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: "A parameter's type was narrowed or changed, its format added or changed, a sub-schema now restricts it, or an alternative was removed.",
    message: '{method} {path} — {element} {aspect} changed from {before} to {after}',
    why: 'Values existing callers send (a name where a UUID is now expected, a string where an integer is) are rejected.',
    fix: 'Accept both {before} and {after} for {element} on {method} {path} (e.g. `oneOf`) in this release; drop {before} in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}:
    get:
      parameters: [{in: path, name: chartUuid, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/saved/{chartUuid}:
    get:
      parameters: [{in: path, name: chartUuid, required: true, schema: {type: string, format: uuid}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: number}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['type-changed', 'format-changed', ...SCHEMA_PRESENCE_KINDS], ({ change, pointer }, { revision }, operation) => {
      const element = parameterElement(revision.location, revision.name, change.path);
      if (change.kind === 'type-changed' && change.detail !== 'widened') {
        emit(operation.revision, { element, aspect: 'type', before: formatTypes(change.before), after: formatTypes(change.after) }, pointer);
      } else if (change.kind === 'format-changed' && change.after !== undefined) {
        emit(operation.revision, { element, aspect: 'format', before: formatValue(change.before), after: formatValue(change.after) }, pointer);
      } else {
        const narrowing = requestSchemaNarrowing(change);
        if (narrowing) emit(operation.revision, { element, aspect: 'type', ...narrowing }, pointer);
      }
    });
  },
);
