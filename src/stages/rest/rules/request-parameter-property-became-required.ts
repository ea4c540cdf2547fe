import { defineRule } from '../../../rules/define.js';
import { forEachParameterChange, parameterElement } from '../rule.js';

export const requestParameterPropertyBecameRequired = defineRule(
  {
    id: 'request-parameter-property-became-required',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A parameter whose value is an object (a JSON header, a `deepObject` query) now requires a property callers did not have to send.',
    message: '{method} {path} — {element} is now required',
    why: 'Callers that send the parameter without that property are refused (400) by upgraded instances.',
    fix: 'Keep {element} optional on {method} {path} with a server-side default; require it in a later release, once every caller sends it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/projects/{projectUuid}/sqlQuery:
    post:
      parameters: [{in: header, name: X-Query-Context, schema: {type: object, properties: {source: {type: string}}}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/projects/{projectUuid}/sqlQuery:
    post:
      parameters: [{in: header, name: X-Query-Context, schema: {type: object, required: [source, tenant], properties: {source: {type: string}, tenant: {type: string}}}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/projects/{projectUuid}/sqlQuery:
    post:
      parameters: [{in: header, name: X-Query-Context, schema: {type: object, properties: {source: {type: string}}}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/projects/{projectUuid}/sqlQuery:
    post:
      parameters: [{in: header, name: X-Query-Context, schema: {type: object, properties: {source: {type: string}, tenant: {type: string}}}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['property-added', 'property-became-required'], ({ change, pointer }, parameter, operation) => {
      if (change.kind === 'property-added' && change.detail !== 'required') return;
      emit(operation.revision, { element: parameterElement(parameter.revision.location, parameter.revision.name, change.path) }, pointer);
    });
  },
);
