import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, responseElement } from '../rule.js';

export const responsePropertyBecameOptional = defineRule(
  {
    id: 'response-property-became-optional',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A required response property became optional.',
    message: '{method} {path} — {element} became optional',
    why: 'Clients that read it unconditionally fail when it is left out.',
    fix: 'Keep always returning {element} from {method} {path} in this release (a default value); make it optional in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [status], properties: {status: {type: string}}}}}}}}`,
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
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [a], properties: {a: {type: string}}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['property-became-optional'], ({ change, pointer }, response, operation) => {
      emit(operation.revision, { element: responseElement(response.status, change.path) }, pointer);
    });
  },
);
