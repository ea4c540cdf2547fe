import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { newRequiredRequestProperty as rule } from './new-required-request-property.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', element: "request property 'projectUuid'" },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/projectUuid',
      },
    ],
  },
  {
    name: 'ok: a new optional property',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {a: {type: string}, b: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'inside a referenced component',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {$ref: '#/components/schemas/RecordRecentContentView'}}}}
      responses: {'200': {description: ok}}
components:
  schemas:
    RecordRecentContentView: {type: object, properties: {contentUuid: {type: string}}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {$ref: '#/components/schemas/RecordRecentContentView'}}}}
      responses: {'200': {description: ok}}
components:
  schemas:
    RecordRecentContentView: {type: object, required: [projectUuid], properties: {contentUuid: {type: string}, projectUuid: {type: string}}}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', element: "request property 'projectUuid'" },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/projectUuid',
      },
    ],
  },
  {
    name: 'a required property stops being readOnly: callers must now send it',
    base: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}}
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}}}
components:
  schemas:
    User: {type: object, required: [email, uuid], properties: {email: {type: string}, uuid: {type: string, readOnly: true}}}`,
    revision: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}}
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}}}
components:
  schemas:
    User: {type: object, required: [email, uuid], properties: {email: {type: string}, uuid: {type: string}}}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/org/users', element: "request property 'uuid'" },
        pointer: '/paths/~1api~1v1~1org~1users/post/requestBody/content/application~1json/schema/properties/uuid',
      },
    ],
  },
  {
    name: 'ok: a new required readOnly property (only in responses; callers do not send it)',
    base: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, required: [email], properties: {email: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, required: [email, uuid], properties: {email: {type: string}, uuid: {type: string, readOnly: true}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — new required request property 'projectUuid'",
    "POST /api/v2/content/recently-viewed — new required request property 'projectUuid'",
    "POST /api/v1/org/users — new required request property 'uuid'",
  ]
`),
);
