import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, responseElement } from '../rule.js';

export const responseOptionalPropertyRemoved = defineRule(
  {
    id: 'response-optional-property-removed',
    surface: 'rest',
    level: 'advisory',
    direction: 'response',
    summary: 'An optional response property is gone.',
    message: '{method} {path} — {element} removed',
    why: 'Clients already cope with its absence, but lose the information it carried.',
    fix: 'Keep returning {element} from {method} {path} (marked `deprecated: true`) in this release; remove it in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {status: {type: string}, message: {type: string}}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {status: {type: string}}}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [a], properties: {a: {type: string}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['property-removed'], ({ change, pointer }, response, operation) => {
      if (change.detail !== 'required') {
        emit(operation.revision, { element: responseElement(response.status, change.path) }, pointer);
      }
    });
  },
);
