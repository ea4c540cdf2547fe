#!/usr/bin/env node
/**
 * Writes a large, realistic OpenAPI 3.0 document for the REST benchmark: ≥ 800 component schemas
 * (entities, envelopes, enums), circular references (Node → children: Node[], Folder ↔ Item),
 * CRUD operations with path/query parameters, request bodies, envelopes and an error default.
 *
 *   node bench/gen-openapi.mjs [out.json] [--schemas 820] [--change]
 *
 * `--change` makes exactly one operation differ (a new required query parameter on the first
 * list operation). Output is deterministic: the same arguments give the same bytes.
 */
import { writeFileSync } from 'node:fs';
import { prng } from './lib/prng.mjs';


const WORDS = ['project', 'space', 'chart', 'dashboard', 'metric', 'dimension', 'explore', 'user', 'group', 'role',
  'token', 'query', 'result', 'schedule', 'alert', 'tag', 'catalog', 'comment', 'pin', 'view', 'folder', 'item',
  'warehouse', 'credential', 'invite', 'session', 'export', 'validation', 'job', 'job-step'];

function pascal(text) {
  return text.split(/[-_ ]/).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
}

/** @returns {object} an OpenAPI 3.0 document */
export function generateSpec({ schemaCount = 820, change = false, seed = 42 } = {}) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const schemas = {
    ApiErrorPayload: {
      type: 'object',
      required: ['status', 'error'],
      properties: {
        status: { type: 'string', enum: ['error'] },
        error: {
          type: 'object',
          required: ['name', 'statusCode'],
          properties: {
            name: { type: 'string' },
            statusCode: { type: 'integer', format: 'int32' },
            message: { type: 'string' },
            data: {},
          },
        },
      },
    },
    UUID: { type: 'string', format: 'uuid', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$' },
    Node: {
      type: 'object',
      required: ['id', 'children'],
      properties: { id: { $ref: '#/components/schemas/UUID' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    },
    Folder: {
      type: 'object',
      properties: { name: { type: 'string' }, items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
    },
    Item: {
      type: 'object',
      properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Folder' } },
    },
  };
  const entityNames = [];
  for (let index = 0; entityNames.length * 4 + Object.keys(schemas).length < schemaCount; index += 1) {
    const name = `${pascal(pick(WORDS))}${pascal(pick(WORDS))}${index}`;
    entityNames.push(name);
  }
  for (const [position, name] of entityNames.entries()) {
    const kindEnum = `${name}Kind`;
    schemas[kindEnum] = { type: 'string', enum: ['alpha', 'beta', 'gamma', 'delta'].slice(0, 2 + (position % 3)) };
    const properties = {
      uuid: { $ref: '#/components/schemas/UUID' },
      name: { type: 'string', maxLength: 255, description: `Name of the ${name}.` },
      kind: { $ref: `#/components/schemas/${kindEnum}` },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time', nullable: true },
      count: { type: 'integer', minimum: 0 },
      ratio: { type: 'number' },
      labels: { type: 'array', items: { type: 'string' } },
      settings: { type: 'object', additionalProperties: { type: 'string' } },
      tree: { $ref: '#/components/schemas/Node' },
    };
    // Cross references (earlier entities), some of them forming cycles with the previous entity.
    if (position > 0) properties.related = { $ref: `#/components/schemas/${entityNames[position - 1]}` };
    if (position > 1 && position % 7 === 0) properties.parent = { $ref: `#/components/schemas/${entityNames[position - 2]}` };
    if (position % 11 === 5 && position + 1 < entityNames.length) properties.next = { $ref: `#/components/schemas/${entityNames[position + 1]}` };
    schemas[name] = { type: 'object', required: ['uuid', 'name', 'kind'], properties, description: `A ${name} record.` };
    schemas[`Create${name}`] = {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: { name: { type: 'string', minLength: 1, maxLength: 255 }, kind: { $ref: `#/components/schemas/${kindEnum}` }, labels: { type: 'array', items: { type: 'string' } } },
    };
    schemas[`Api${name}Response`] = {
      type: 'object',
      required: ['status', 'results'],
      properties: { status: { type: 'string', enum: ['ok'] }, results: { $ref: `#/components/schemas/${name}` } },
    };
  }
  const errorResponse = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorPayload' } } } };
  const paths = {};
  for (const [position, name] of entityNames.entries()) {
    const slug = name.replace(/[A-Z]/g, (letter, offset) => (offset ? '-' : '') + letter.toLowerCase());
    const group = position % 2 ? 'v1' : 'v2';
    const listParameters = [
      { in: 'path', name: 'projectUuid', required: true, schema: { $ref: '#/components/schemas/UUID' } },
      { in: 'query', name: 'page', schema: { type: 'integer', minimum: 1 } },
      { in: 'query', name: 'pageSize', schema: { type: 'integer', minimum: 1, maximum: 100 } },
      { in: 'query', name: 'tags', style: 'form', explode: true, schema: { type: 'array', items: { type: 'string' } } },
    ];
    if (change && position === 0) listParameters.push({ in: 'query', name: 'cursor', required: true, schema: { type: 'string' } });
    paths[`/api/${group}/projects/{projectUuid}/${slug}`] = {
      get: {
        operationId: `list${name}`,
        tags: [pick(WORDS)],
        summary: `List ${name}`,
        parameters: listParameters,
        security: [{ ApiKeyAuth: [] }],
        responses: {
          200: {
            description: 'Ok',
            content: { 'application/json': { schema: { type: 'object', required: ['status', 'results'], properties: { status: { type: 'string', enum: ['ok'] }, results: { type: 'array', items: { $ref: `#/components/schemas/${name}` } } } } } },
          },
          default: errorResponse,
        },
      },
      post: {
        operationId: `create${name}`,
        summary: `Create ${name}`,
        parameters: [{ in: 'path', name: 'projectUuid', required: true, schema: { $ref: '#/components/schemas/UUID' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/Create${name}` } } } },
        responses: { 201: { description: 'Created', content: { 'application/json': { schema: { $ref: `#/components/schemas/Api${name}Response` } } } }, default: errorResponse },
      },
    };
    paths[`/api/${group}/projects/{projectUuid}/${slug}/{uuid}`] = {
      parameters: [
        { in: 'path', name: 'projectUuid', required: true, schema: { $ref: '#/components/schemas/UUID' } },
        { in: 'path', name: 'uuid', required: true, schema: { $ref: '#/components/schemas/UUID' } },
      ],
      get: { operationId: `get${name}`, responses: { 200: { description: 'Ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/Api${name}Response` } } } }, default: errorResponse } },
      delete: { operationId: `delete${name}`, deprecated: position % 13 === 0, responses: { 204: { description: 'Deleted' }, default: errorResponse } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Generated analytics API', version: change ? '2.0.1' : '2.0.0' },
    servers: [{ url: '/' }],
    paths,
    components: { schemas, securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const args = process.argv.slice(2);
  const out = args.find((arg) => !arg.startsWith('--') && !/^\d+$/.test(arg)) ?? 'bench/.out/openapi-large.json';
  const countAt = args.indexOf('--schemas');
  const schemaCount = countAt >= 0 ? Number(args[countAt + 1]) : 820;
  const text = JSON.stringify(generateSpec({ schemaCount, change: args.includes('--change') }), null, 2);
  writeFileSync(out, text);
  const spec = JSON.parse(text);
  process.stderr.write(`${out}: ${(text.length / 1024 / 1024).toFixed(2)} MB, ${Object.keys(spec.components.schemas).length} schemas, ${Object.keys(spec.paths).length} paths\n`);
}
