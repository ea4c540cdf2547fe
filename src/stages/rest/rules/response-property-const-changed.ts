import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

export const responsePropertyConstChanged = defineRule(
  {
    id: 'response-property-const-changed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary:
      'A response property fixed by `const` now carries a different value (oasdiff: response-property-const-changed / response-body-const-changed, ERR).',
    message: '{method} {path} — {element} is now {after} (was {before}, its only value)',
    why: 'The only value clients ever read is gone: readers that match on it (a discriminator, a version tag, an exhaustive switch) fail on every response of upgraded instances.',
    fix: 'Keep returning {before} for {element} of {method} {path} and add {after} as a new property (or a new response version) that clients opt into; drop the old value only after every reader is upgraded.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/events:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: user.created}}}}}}}}`,
        revision: `
paths:
  /api/v1/events:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: user.added}}}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/events:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: user.created}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/events:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: user.created}}}}}}
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: user.created}}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    // The schema diff reports a changed `const` as its value removed and the new one added (detail `const`), at one pointer.
    forEachResponseChange(diff, ['enum-value-removed'], ({ change, pointer, mediaType }, response, operation) => {
      if (change.detail !== 'const') return;
      const added = response.schemaChanges.find(
        (other) => other.change.kind === 'enum-value-added' && other.change.detail === 'const' && other.pointer === pointer && other.mediaType === mediaType,
      );
      emit(
        operation.revision,
        { element: responseElement(response.status, change.path), before: formatValue(change.before), after: formatValue(added?.change.after) },
        pointer,
      );
    });
  },
);
