import { defineRule } from '../../../rules/define.js';
import { parameterElement } from '../rule.js';

export const requestParameterBecameRequired = defineRule(
  {
    id: 'request-parameter-became-required',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An optional parameter became required.',
    message: '{method} {path} — {element} became required',
    why: 'Callers that leave it out are rejected (400) by upgraded instances.',
    fix: 'Keep {element} of {method} {path} optional with a server-side default; make it required in a later release, once every caller sends it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: page, required: true, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, required: true, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const { base, revision } of operation.parametersChanged) {
        if (!base.required && revision.required) emit(operation.revision, { element: parameterElement(revision.location, revision.name) }, revision.pointer);
      }
    }
  },
);
