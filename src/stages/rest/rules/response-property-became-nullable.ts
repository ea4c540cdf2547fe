import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, responseElement } from '../rule.js';

export const responsePropertyBecameNullable = defineRule(
  {
    id: 'response-property-became-nullable',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response property (or the body) may now be `null`.',
    message: '{method} {path} — {element} may now be null',
    why: 'Clients that use the value without a null check fail.',
    fix: 'Keep returning a non-null {element} from {method} {path} (a default value), or add a new nullable property beside it and deprecate the old one.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, nullable: true}}}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string, nullable: true}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['nullable-added'], ({ change, pointer }, response, operation) => {
      emit(operation.revision, { element: responseElement(response.status, change.path) }, pointer);
    });
  },
);
