import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatTypes, formatValue, requestElement, requestSchemaNarrowing, SCHEMA_PRESENCE_KINDS } from '../rule.js';

export const requestPropertyTypeChanged = defineRule(
  {
    id: 'request-property-type-changed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary:
      'A request property (or the body) was narrowed or changed in type, its format was added or changed, a sub-schema now restricts it, or an alternative was removed.',
    message: '{method} {path} — {element} {aspect} changed from {before} to {after}',
    why: 'Values existing callers send (a number where a string is now expected, any text where a UUID is) are rejected.',
    fix: 'Accept both {before} and {after} for {element} on {method} {path} (e.g. `oneOf`) in this release; drop {before} in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: integer}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {n: {type: integer}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {n: {type: number}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['type-changed', 'format-changed', ...SCHEMA_PRESENCE_KINDS], ({ change, pointer }, operation) => {
      const element = requestElement(change.path);
      if (change.kind === 'type-changed') {
        if (change.detail !== 'widened')
          emit(operation.revision, { element, aspect: 'type', before: formatTypes(change.before), after: formatTypes(change.after) }, pointer);
      } else if (change.kind === 'format-changed') {
        if (change.after !== undefined)
          emit(operation.revision, { element, aspect: 'format', before: formatValue(change.before), after: formatValue(change.after) }, pointer);
      } else {
        const narrowing = requestSchemaNarrowing(change);
        if (narrowing) emit(operation.revision, { element, aspect: 'type', ...narrowing }, pointer);
      }
    });
  },
);
