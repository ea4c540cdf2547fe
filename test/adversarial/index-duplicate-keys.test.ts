import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../../src/core/json-duplicate-keys.js';
import { parseJson } from '../../src/core/structured-text.js';
import { runCli } from '../helpers/cli.js';
import { syntheticIndex, writeTempJson } from '../upgrade-check/synthetic-index.js';

/**
 * `JSON.parse` keeps the last of two equal keys silently: `"rollingUpdateSafe": false,
 * "rollingUpdateSafe": true` would read as proven safe. Every JSON document the tool reads (index,
 * artifact, config) is refused instead, with the place of the duplicate named.
 */
const safeIndexText = JSON.stringify(syntheticIndex(['1.0.0', '1.1.0', '1.2.0']), null, 2);
/** The 1.2.0 entry says false, then true: last-wins would make the span safe. */
const duplicatedIndexText = JSON.stringify(syntheticIndex(['1.0.0', '1.1.0', { version: '1.2.0', rollingUpdateSafe: 'DUPLICATE' as never }]), null, 2).replace(
  '"rollingUpdateSafe": "DUPLICATE"',
  '"rollingUpdateSafe": false,\n      "rollingUpdateSafe": true',
);

describe('duplicate keys in JSON documents', () => {
  it('the fixture really holds a duplicate that JSON.parse would hide', () => {
    expect(duplicatedIndexText).toContain('"rollingUpdateSafe": false,\n      "rollingUpdateSafe": true');
    expect(runCli(['upgrade-check', '--from', '1.1.0', '--to', '1.2.0', '--index', writeTempJson(safeIndexText)]).status).toBe(0);
  });

  it('upgrade-check refuses the index with exit 2, naming the entry and the key', () => {
    const run = runCli(['upgrade-check', '--from', '1.1.0', '--to', '1.2.0', '--index', writeTempJson(duplicatedIndexText)]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('duplicate key "rollingUpdateSafe"');
    expect(run.stderr).toContain('/entries/2');
    expect(run.stderr).toContain('1.2.0');
  });

  it('validate refuses an artifact with a duplicate key', () => {
    const artifactText = '{"schemaVersion": "2", "version": "1.0.0", "rollingUpdateSafe": false, "rollingUpdateSafe": true}';
    const run = runCli(['validate', writeTempJson(artifactText, 'release-safety.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('duplicate key "rollingUpdateSafe"');
  });

  it('the config file is refused too', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'rs-dup-config-'));
    writeFileSync(path.join(directory, 'release-safety.config.json'), '{"indexUrl": "a.json", "indexUrl": "b.json"}');
    const run = runCli(['upgrade-check', '--from', '1.1.0', '--to', '1.2.0'], { cwd: directory, env: { RELEASE_SAFETY_INDEX_URL: '' } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('duplicate key "indexUrl"');
  });

  it.each([
    ['{"a": 1, "a": 2}', '/'],
    ['{"a": {"b": [1, {"c": 1, "d": 2, "c": 3}]}}', '/a/b/1'],
    ['[{"x": 1}, {"x": 1, "y": {"x": 2}, "x": 3}]', '/1'],
    // Equal after unescaping is equal: "\u0061" is "a".
    ['{"a": 1, "\\u0061": 2}', '/'],
    ['{"__proto__": 1, "__proto__": 2}', '/'],
  ])('%s is refused at %s', (text, where) => {
    expect(() => parseJson(text)).toThrow(`at ${where}`);
  });

  it.each([
    '{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}',
    '{"a\\"": 1, "a": 2, "a\\\\": 3}',
    '{"k": "\\"a\\": 1, \\"a\\": 2"}',
    '["a", "a", {"": 1, " ": 2}]',
    '\ufeff{"a": 1}',
  ])('%s is accepted', (text) => {
    expect(parseJson(text)).toEqual(JSON.parse(text.replace(/^\ufeff/, '')));
  });
});

describe('duplicate-key detection: properties (fast-check)', () => {
  it('any JSON value reads back equal: no false duplicate, whatever the strings hold', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        expect(parseJson(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('a key repeated in any object of any JSON value is refused', () => {
    const withObject = fc.jsonValue().filter((value) => objectOpenings(JSON.stringify(value)).length > 0);
    fc.assert(
      fc.property(withObject, fc.nat(), fc.jsonValue(), (value, pick, extra) => {
        const text = JSON.stringify(value);
        // Repeat the first key of the pick-th object with another value, right after its opening brace.
        const openings = objectOpenings(text);
        const at = openings[pick % openings.length] as number;
        const keyEnd = closingQuoteOf(text, at + 1);
        const key = text.slice(at + 1, keyEnd + 1);
        const duplicated = `${text.slice(0, at + 1)}${key}:${JSON.stringify(extra)},${text.slice(at + 1)}`;
        expect(() => parseJson(duplicated)).toThrow(DuplicateKeyError);
      }),
      { numRuns: 1000 },
    );
  });
});

/** Positions of `{` that open a non-empty object (outside strings) in minified JSON. */
function objectOpenings(text: string): number[] {
  const openings: number[] = [];
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '"') index = closingQuoteOf(text, index);
    else if (text[index] === '{' && text[index + 1] === '"') openings.push(index);
  }
  return openings;
}

function closingQuoteOf(text: string, open: number): number {
  for (let index = open + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index;
  }
  return text.length;
}
