import { defineRule } from '../../../rules/define.js';
import { parameterElement } from '../rule.js';

const serialization = (style: string, explode: boolean): string => `style=${style} explode=${explode}`;

export const requestParameterStyleChanged = defineRule(
  {
    id: 'request-parameter-style-changed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A parameter is serialized differently (`style` / `explode`, Swagger 2.0 `collectionFormat`).',
    message: '{method} {path} — {element} serialization changed from {before} to {after}',
    why: 'A repeatable `tags=a&tags=b` sent by existing callers is no longer read as a list (or the reverse).',
    fix: 'Accept both serializations ({before} and {after}) of {element} on {method} {path} in this release; drop {before} in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, style: form, explode: true, schema: {type: array, items: {type: string}}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, style: form, explode: false, schema: {type: array, items: {type: string}}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, schema: {type: array, items: {type: string}}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, style: form, explode: true, schema: {type: array, items: {type: string}}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const { base, revision } of operation.parametersChanged) {
        if (base.style === revision.style && base.explode === revision.explode) continue;
        emit(
          operation.revision,
          {
            element: parameterElement(revision.location, revision.name),
            before: serialization(base.style, base.explode),
            after: serialization(revision.style, revision.explode),
          },
          revision.pointer,
        );
      }
    }
  },
);
