import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyContainsAdded as rule } from './request-property-contains-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/contacts', element: "request property 'emails'", keyword: 'contains', before: 'none', after: '"contains"' },
        pointer: '/paths/~1api~1v1~1contacts/post/requestBody/content/application~1json/schema/properties/emails/contains',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'minContains raised',
    base: `
openapi: 3.1.0
paths:
  /api/v1/contacts:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {emails: {type: array, contains: {type: object}}}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/contacts:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {emails: {type: array, contains: {type: object}, minContains: 2}}}}}}
      responses: {'201': {description: created}}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/contacts', element: "request property 'emails'", keyword: 'minContains', before: 'none', after: '2' },
        pointer: '/paths/~1api~1v1~1contacts/post/requestBody/content/application~1json/schema/properties/emails',
      },
    ],
  },
  {
    name: 'maxContains lowered',
    base: `
openapi: 3.1.0
paths:
  /api/v1/contacts:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {emails: {type: array, contains: {type: object}, maxContains: 3}}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/contacts:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {emails: {type: array, contains: {type: object}, maxContains: 1}}}}}}
      responses: {'201': {description: created}}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/contacts', element: "request property 'emails'", keyword: 'maxContains', before: '3', after: '1' },
        pointer: '/paths/~1api~1v1~1contacts/post/requestBody/content/application~1json/schema/properties/emails',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/contacts — request property 'emails' contains tightened from none to "contains"",
    "POST /api/v1/contacts — request property 'emails' minContains tightened from none to 2",
    "POST /api/v1/contacts — request property 'emails' maxContains tightened from 3 to 1",
  ]
`),
);
