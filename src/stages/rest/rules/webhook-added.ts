import { defineRule } from '../../../rules/define.js';

export const webhookAdded = defineRule(
  {
    id: 'webhook-added',
    surface: 'rest',
    level: 'info',
    direction: 'response',
    summary: 'A new OpenAPI 3.1 webhook (or webhook operation) is sent (oasdiff: webhook-added, INFO).',
    message: '{method} {path} — new webhook',
    why: 'Nothing existing breaks; during a rolling update only upgraded instances send it.',
    fix: 'Nothing to do for old subscribers; tell new ones that {path} is sent only by upgraded instances.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths: {}`,
        revision: `
openapi: 3.1.0
paths: {}
webhooks:
  orderUpdated:
    post: {requestBody: {content: {application/json: {schema: {type: object}}}}, responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths: {}
webhooks:
  orderUpdated:
    post: {responses: {'200': {description: ok}}}`,
        revision: `
openapi: 3.1.0
paths: {}
webhooks:
  orderUpdated:
    post: {responses: {'204': {description: ok}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const webhook of diff.webhooksAdded) emit(webhook, {}, webhook.pointer);
  },
);
