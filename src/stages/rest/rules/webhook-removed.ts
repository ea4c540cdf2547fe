import { defineRule } from '../../../rules/define.js';

export const webhookRemoved = defineRule(
  {
    id: 'webhook-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'An OpenAPI 3.1 webhook (or one of its operations) is no longer sent (oasdiff: webhook-removed, ERR).',
    message: '{method} {path} — webhook removed',
    why: 'Subscribers rely on the call: once upgraded instances stop sending it, their integrations silently miss the events, and during a rolling update only some instances send them.',
    fix: 'Keep sending {path} ({method}) and mark it deprecated; stop sending it in a later release, after subscribers have moved.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths: {}
webhooks:
  orderDeleted:
    post: {requestBody: {content: {application/json: {schema: {type: object}}}}, responses: {'200': {description: ok}}}`,
        revision: `
openapi: 3.1.0
paths: {}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths: {}
webhooks:
  orderDeleted:
    post: {responses: {'200': {description: ok}}}`,
        revision: `
openapi: 3.1.0
paths: {}
webhooks:
  orderDeleted:
    post: {responses: {'200': {description: ok}}}
  orderUpdated:
    post: {responses: {'200': {description: ok}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const webhook of diff.webhooksRemoved) emit(webhook, {}, webhook.pointer);
  },
);
