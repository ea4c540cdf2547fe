import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, responseElement } from '../rule.js';

export const responsePropertyRemoved = defineRule(
  {
    id: 'response-property-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A required response property is gone.',
    message: '{method} {path} — {element} removed',
    why: 'Clients read it unconditionally (it was required) and fail on the missing value.',
    fix: 'Keep returning {element} from {method} {path}, marked `deprecated: true`, in this release; remove it in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [status, results], properties: {status: {type: string}, results: {type: object}}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [status], properties: {status: {type: string}}}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}, b: {type: string}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['property-removed'], ({ change, pointer }, response, operation) => {
      if (change.detail === 'required') {
        emit(operation.revision, { element: responseElement(response.status, change.path) }, pointer);
      }
    });
  },
);
