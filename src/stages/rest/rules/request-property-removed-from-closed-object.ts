import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, requestElement } from '../rule.js';

export const requestPropertyRemovedFromClosedObject = defineRule(
  {
    id: 'request-property-removed-from-closed-object',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request property was removed from an object that refuses undeclared properties (`additionalProperties: false`).',
    message: '{method} {path} — {element} removed from a closed object',
    why: 'Callers built against the old spec still send it; the object no longer declares it and refuses anything undeclared, so upgraded instances reject their requests (400).',
    fix: 'Keep {element} of {method} {path} declared (ignored, `deprecated: true`) so old callers are not rejected; remove it in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, additionalProperties: false, properties: {contentUuid: {type: string}, note: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, additionalProperties: false, properties: {contentUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}, note: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    // The schema diff marks the removed name `after: false` when the revision object is closed.
    forEachRequestBodyChange(diff, ['property-removed'], ({ change, pointer }, operation) => {
      if (change.after === false) emit(operation.revision, { element: requestElement(change.path) }, pointer);
    });
  },
);
