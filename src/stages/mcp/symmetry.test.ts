import { describe, expect, it } from 'vitest';
import { indexCatalogue, type Finding, type Level } from '../../rules/types.js';
import { compareSpecs } from '../rest/engine.js';
import { restRules } from '../rest/rules/index.js';
import { MCP_RULE_CATALOGUE, MCP_RULES } from './catalogue.js';
import { diffToolDocuments } from './tool-diff.js';

/**
 * STYLE.md 9: the REST and MCP rule sets judge the same schema change alike, in the same direction
 * (request ≡ tool input, response ≡ tool output), except the differences listed with their reason
 * in docs/mcp.md ("Differences from the REST rule set"), which are spelled out here too.
 */

type Schema = Record<string, unknown>;
type Strongest = Level | 'none';

const RANK: Record<Strongest, number> = { none: 0, info: 1, advisory: 2, breaking: 3 };
const restLevels = indexCatalogue(restRules.map((rule) => rule.meta));
const mcpLevels = indexCatalogue(MCP_RULE_CATALOGUE);

function strongest(findings: readonly Finding[], levels: ReturnType<typeof indexCatalogue>, ignore: readonly string[] = []): Strongest {
  let level: Strongest = 'none';
  for (const finding of findings) {
    if (ignore.includes(finding.rule)) continue;
    const found = levels.get(finding.rule)!.level;
    if (RANK[found] > RANK[level]) level = found;
  }
  return level;
}

/** The value `v` of an object, so that a change of `v` is a change of a property in both engines. */
const holder = (value: Schema): Schema => ({ type: 'object', properties: { v: value } });

function spec(side: 'request' | 'response', value: Schema): string {
  const media = { 'application/json': { schema: holder(value) } };
  const operation =
    side === 'request'
      ? { requestBody: { required: true, content: media }, responses: { '200': { description: 'ok' } } }
      : { responses: { '200': { description: 'ok', content: media } } };
  return JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/x': { post: operation } } });
}

async function restLevel(side: 'request' | 'response', base: Schema, revision: Schema): Promise<Strongest> {
  const { findings } = await compareSpecs({ text: spec(side, base), path: 'base.json' }, { text: spec(side, revision), path: 'revision.json' });
  return strongest(findings, restLevels);
}

function mcpLevel(side: 'request' | 'response', base: Schema, revision: Schema): Strongest {
  const tool = (value: Schema) => ({
    name: 't',
    inputSchema: side === 'request' ? holder(value) : holder({}),
    ...(side === 'response' ? { outputSchema: holder(value) } : {}),
  });
  // Descriptions are judged by MCP only (listed difference); the cases below do not change them.
  return strongest(diffToolDocuments([tool(base)], [tool(revision)], 'tools.json', MCP_RULES), mcpLevels);
}

const string: Schema = { type: 'string' };
const object = (properties: Schema, required: string[] = []): Schema => ({ type: 'object', properties, required });

/** [name, direction, base, revision, expected level of both engines] */
const SAME: Array<[string, 'request' | 'response', Schema, Schema, Strongest]> = [
  ['type narrowed', 'request', { type: 'number' }, { type: 'integer' }, 'breaking'],
  ['type widened', 'request', { type: 'integer' }, { type: 'number' }, 'none'],
  ['null refused (3.0 nullable → 3.1 without null)', 'request', { type: ['string', 'null'] }, string, 'breaking'],
  ['enum value removed', 'request', { enum: ['a', 'b'] }, { enum: ['a'] }, 'breaking'],
  ['enum value added', 'request', { enum: ['a'] }, { enum: ['a', 'b'] }, 'advisory'],
  ['new required property', 'request', object({}), object({ p: string }, ['p']), 'breaking'],
  ['new optional property', 'request', object({}), object({ p: string }), 'info'],
  ['property became required', 'request', object({ p: string }), object({ p: string }, ['p']), 'breaking'],
  ['additionalProperties closed', 'request', object({ p: string }), { ...object({ p: string }), additionalProperties: false }, 'breaking'],
  ['maxLength lowered', 'request', { type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 }, 'breaking'],
  ['format added', 'request', string, { type: 'string', format: 'uuid' }, 'breaking'],
  ['items schema appeared', 'request', { type: 'array' }, { type: 'array', items: string }, 'breaking'],
  ['anyOf alternative removed', 'request', { anyOf: [string, { type: 'integer' }] }, { anyOf: [string] }, 'breaking'],
  ['anyOf alternative added', 'request', { anyOf: [string] }, { anyOf: [string, { type: 'integer' }] }, 'none'],
  ['whole anyOf appeared', 'request', string, { ...string, anyOf: [{ format: 'email' }] }, 'breaking'],
  ['type widened', 'response', { type: 'integer' }, { type: 'number' }, 'breaking'],
  ['type narrowed', 'response', { type: 'number' }, { type: 'integer' }, 'none'],
  ['null allowed (3.1 null type)', 'response', string, { type: ['string', 'null'] }, 'breaking'],
  ['null allowed (3.0 nullable form in a 3.1 engine)', 'response', string, { ...string, nullable: true }, 'breaking'],
  ['enum value added', 'response', { enum: ['a'] }, { enum: ['a', 'b'] }, 'advisory'],
  ['required property removed', 'response', object({ p: string, q: string }, ['p']), object({ q: string }), 'breaking'],
  ['property became optional', 'response', object({ p: string }, ['p']), object({ p: string }), 'breaking'],
  ['format dropped', 'response', { type: 'string', format: 'uuid' }, string, 'breaking'],
  ['anyOf alternative added', 'response', { anyOf: [string] }, { anyOf: [string, { type: 'integer' }] }, 'breaking'],
  ['anyOf alternative removed', 'response', { anyOf: [string, { type: 'integer' }] }, { anyOf: [string] }, 'none'],
  ['whole anyOf dropped', 'response', { anyOf: [string, { type: 'integer' }] }, {}, 'breaking'],
  ['items schema dropped', 'response', { type: 'array', items: string }, { type: 'array' }, 'breaking'],
  [
    'required property became writeOnly (no longer returned)',
    'response',
    object({ p: string }, ['p']),
    object({ p: { ...string, writeOnly: true } }, ['p']),
    'breaking',
  ],
  [
    'required property no longer readOnly (callers must send it)',
    'request',
    object({ p: { ...string, readOnly: true } }, ['p']),
    object({ p: string }, ['p']),
    'breaking',
  ],
  ['new required readOnly property (callers do not send it)', 'request', object({}), object({ p: { ...string, readOnly: true } }, ['p']), 'none'],
  [
    'property removed from a closed object',
    'request',
    { ...object({ p: string, q: string }), additionalProperties: false },
    { ...object({ q: string }), additionalProperties: false },
    'breaking',
  ],
  ['maxLength raised', 'response', { type: 'string', maxLength: 5 }, { type: 'string', maxLength: 10 }, 'breaking'],
  ['maximum raised', 'response', { type: 'integer', maximum: 5 }, { type: 'integer', maximum: 10 }, 'breaking'],
  ['minimum lowered', 'response', { type: 'integer', minimum: 5 }, { type: 'integer', minimum: 0 }, 'breaking'],
  ['uniqueItems dropped', 'response', { type: 'array', items: string, uniqueItems: true }, { type: 'array', items: string }, 'breaking'],
  [
    'dependentRequired dropped',
    'response',
    { ...object({ p: string, q: string }), dependentRequired: { p: ['q'] } },
    object({ p: string, q: string }),
    'breaking',
  ],
  [
    'allOf branch inside array items gains a required property',
    'response',
    { type: 'array', items: { allOf: [object({ p: string }, ['p'])] } },
    { type: 'array', items: { allOf: [object({ p: string })] } },
    'breaking',
  ],
];

/** The listed differences (docs/mcp.md): [name, direction, base, revision, REST level, MCP level]. */
const LISTED: Array<[string, 'request' | 'response', Schema, Schema, Strongest, Strongest]> = [
  ['input property removed', 'request', object({ p: string, q: string }), object({ q: string }), 'advisory', 'breaking'],
  ['default changed', 'request', { type: 'integer', default: 10 }, { type: 'integer', default: 20 }, 'advisory', 'none'],
  ['optional output property removed', 'response', object({ p: string, q: string }), object({ q: string }), 'advisory', 'breaking'],
  ['output pattern dropped', 'response', { type: 'string', pattern: '^a' }, string, 'info', 'breaking'],
];

describe('REST and MCP judge the same schema change alike (STYLE.md 9)', () => {
  it.each(SAME)('%s (%s)', async (_name, side, base, revision, expected) => {
    expect({ rest: await restLevel(side, base, revision), mcp: mcpLevel(side, base, revision) }).toEqual({ rest: expected, mcp: expected });
  });

  it.each(LISTED)('listed difference: %s (%s)', async (_name, side, base, revision, rest, mcp) => {
    expect({ rest: await restLevel(side, base, revision), mcp: mcpLevel(side, base, revision) }).toEqual({ rest, mcp });
  });
});
