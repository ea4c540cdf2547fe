import { defineRule } from '../../../rules/define.js';
import { forEachRequestSchemaChange } from '../rule.js';

/**
 * oasdiff `request-body-wrapped-in-one-of` (oasdiff/oasdiff#702, data/checker/request_property_one_of_wrapped_*):
 * a plain object schema becomes a `oneOf` of alternatives that are not proven exclusive. Under `oneOf`
 * a value must match exactly one alternative: a body valid before that matches two is now refused.
 */
export const requestBodyWrappedInOneOf = defineRule(
  {
    id: 'request-body-wrapped-in-one-of',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request object schema was wrapped in a oneOf whose alternatives may overlap: a body matching two of them is refused.',
    message: '{method} {path} — {element} wrapped in oneOf of {alternatives} alternatives not proven exclusive: a request matching two of them is refused',
    why: 'JSON Schema oneOf accepts a value only when exactly one alternative matches. Old callers send the bodies that were valid before; any of them that fits two alternatives (shared properties, no distinguishing type or discriminator value) is now rejected.',
    fix: 'Use anyOf instead of oneOf for {element} on {method} {path}, or make the alternatives exclusive (a discriminator property with a distinct const in each, required in each).',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /example:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, required: [foo, bar], properties: {foo: {type: string}, bar: {type: string}, baz: {type: string}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /example:
    post:
      requestBody:
        content:
          application/json:
            schema:
              oneOf:
              - {type: object, required: [foo], properties: {foo: {type: string}, bar: {type: string}, baz: {type: string}}}
              - {type: object, required: [bar], properties: {foo: {type: string}, bar: {type: string}, baz: {type: string}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /example:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, required: [kind], properties: {kind: {type: string}, foo: {type: string}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /example:
    post:
      requestBody:
        content:
          application/json:
            schema:
              anyOf:
              - {type: object, required: [kind], properties: {kind: {type: string}, foo: {type: string}}}
              - {type: object, required: [kind], properties: {kind: {type: string}, bar: {type: string}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestSchemaChange(diff, ['one-of-wrapped'], ({ change, pointer }, element, operation) => {
      emit(operation.revision, { element, alternatives: String(change.after ?? '?') }, pointer);
    });
  },
);
