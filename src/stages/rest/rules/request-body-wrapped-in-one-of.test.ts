import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestBodyWrappedInOneOf as rule } from './request-body-wrapped-in-one-of.js';

const body = (schema: string) => `
paths:
  /example:
    post:
      requestBody:
        content:
          application/json:
            schema: ${schema}
      responses: {'200': {description: ok}}`;

const cases: RuleCase[] = [
  {
    name: 'documented example (oasdiff data/checker/request_property_one_of_wrapped_*)',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/example', element: 'request body', alternatives: '2' },
        pointer: '/paths/~1example/post/requestBody/content/application~1json/schema',
      },
    ],
  },
  {
    name: 'a property wrapped: open alternatives with different properties overlap ({name, nickname} matches both)',
    base: body('{type: object, properties: {pet: {type: object, properties: {name: {type: string}, nickname: {type: string}}}}}'),
    revision: body(
      '{type: object, properties: {pet: {oneOf: [{type: object, properties: {name: {type: string}}}, {type: object, properties: {nickname: {type: string}}}]}}}',
    ),
    expected: [
      {
        params: { method: 'POST', path: '/example', element: "request property 'pet'", alternatives: '2' },
        pointer: '/paths/~1example/post/requestBody/content/application~1json/schema/properties/pet',
      },
    ],
  },
  { name: 'ok: anyOf accepts a value matching several alternatives', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'ok: alternatives told apart by a required discriminator with distinct values',
    base: body('{type: object, required: [kind], properties: {kind: {type: string}, bark: {type: boolean}, meow: {type: boolean}}}'),
    revision: body(
      '{oneOf: [{type: object, required: [kind], properties: {kind: {const: dog}, bark: {type: boolean}}}, {type: object, required: [kind], properties: {kind: {enum: [cat]}, meow: {type: boolean}}}]}',
    ),
    expected: [],
  },
  {
    name: 'ok: alternatives of disjoint types',
    base: body('{type: object, properties: {id: {type: string}}}'),
    revision: body('{oneOf: [{type: object, properties: {id: {type: string}}}, {type: array, items: {type: string}}]}'),
    expected: [],
  },
  {
    name: 'a one-alternative oneOf (that alternative itself) gains an overlapping one: {bark, meow} matched before, matches both now',
    base: body('{oneOf: [{type: object, required: [bark], properties: {bark: {type: boolean}}}]}'),
    revision: body(
      '{oneOf: [{type: object, required: [bark], properties: {bark: {type: boolean}}}, {type: object, required: [meow], properties: {meow: {type: boolean}}}]}',
    ),
    expected: [
      {
        params: { method: 'POST', path: '/example', element: 'request body', alternatives: '2' },
        pointer: '/paths/~1example/post/requestBody/content/application~1json/schema',
      },
    ],
  },
  {
    name: 'ok: an existing oneOf of two gains a third (oasdiff request-body-one-of-added: not breaking; not a wrapping)',
    base: body(
      '{oneOf: [{type: object, required: [bark], properties: {bark: {type: boolean}}}, {type: object, required: [meow], properties: {meow: {type: boolean}}}]}',
    ),
    revision: body(
      '{oneOf: [{type: object, required: [bark], properties: {bark: {type: boolean}}}, {type: object, required: [meow], properties: {meow: {type: boolean}}}, {type: object, required: [hop], properties: {hop: {type: boolean}}}]}',
    ),
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /example — request body wrapped in oneOf of 2 alternatives not proven exclusive: a request matching two of them is refused",
    "POST /example — request property 'pet' wrapped in oneOf of 2 alternatives not proven exclusive: a request matching two of them is refused",
    "POST /example — request body wrapped in oneOf of 2 alternatives not proven exclusive: a request matching two of them is refused",
  ]
`),
);
