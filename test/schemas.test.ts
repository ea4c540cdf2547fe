import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IndexEntry, ReleaseSafetyArtifact, ReleaseSafetyIndex } from '../src/artifact/types.js';
import { ARTIFACT_SCHEMA_FILE, INDEX_SCHEMA_FILE, readSchema } from '../src/artifact/schemas.js';
import { createAjv } from '../src/artifact/ajv.js';
import { validateArtifact, validateIndex } from '../src/artifact/validate.js';
import { projectRoot } from './helpers/cli.js';

/** Typed as the contract types, so tsc proves these objects conform; the schemas must accept them. */
const artifact: ReleaseSafetyArtifact = {
  schemaVersion: '2',
  version: '1.137.0',
  previousVersion: '1.136.1',
  releaseDate: '2026-08-13T09:00:00.000Z',
  migrations: {
    present: true,
    count: 2,
    coreCount: 1,
    eeCount: 1,
    files: [
      {
        name: '20260813_add_index.ts',
        edition: 'core',
        tables: ['saved_queries'],
        heaviness: { locksTable: true, rewritesTable: false, scansTable: 'unknown' },
      },
      { name: '20260813_ee_column.ts', edition: 'ee', tables: [], heaviness: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' } },
    ],
  },
  compatibility: { rollingUpdateSafe: 'unknown', recommendedStrategy: 'Recreate' },
  api: {
    rest: {
      checked: true,
      breaking: true,
      changes: ['DELETE /api/v1/x — operation removed'],
      breakingCount: 1,
      advisories: ['enum gained a value'],
      advisoryCount: 1,
    },
    mcp: { checked: false, breaking: 'unknown', changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 },
  },
  config: {
    checked: true,
    breaking: true,
    changes: [
      { type: 'removed', name: 'OLD_FLAG', previousDefault: 'true' },
      { type: 'renamed', name: 'NEW_NAME', previousName: 'OLD_NAME', defaultValue: null },
      { type: 'defaultChanged', name: 'POOL_SIZE', previousDefault: '10', defaultValue: '20' },
    ],
  },
  upgrade: { minPreviousVersion: '1.111.0', requiredStops: ['1.130.0'] },
  declaredBreaks: [{ file: 'packages/backend/src/x.ts', line: 12, reason: 'drops a column the old version reads', requiredStop: true }],
};

const entry: IndexEntry = {
  version: '1.0.0',
  previousVersion: null,
  releaseDate: '2025-08-11T08:03:07Z',
  rollingUpdateSafe: false,
  requiredStops: [],
  minPreviousVersion: null,
  backfilled: false,
  syntheticRequiredStop: true,
};
const index: ReleaseSafetyIndex = {
  schemaVersion: '1',
  generatedAt: '2026-08-12T11:40:50.642Z',
  backfillFloorVersion: '1.0.0',
  entries: [
    entry,
    { ...entry, version: '1.1.0', previousVersion: '1.0.0', rollingUpdateSafe: true, syntheticRequiredStop: false, minPreviousVersion: '1.0.0' },
  ],
};

/** Deep copy with one change at a slash path ("a/b/0/c"); `undefined` deletes the member. */
function changed<T>(document: T, at: string, value: unknown): unknown {
  const copy = structuredClone(document) as Record<string, unknown>;
  const keys = at.split('/');
  const last = keys.pop() as string;
  const parent = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

describe('JSON Schemas', () => {
  it('accept every type-conforming object', () => {
    expect(validateArtifact(artifact)).toEqual({ valid: true, errors: [] });
    expect(validateIndex(index)).toEqual({ valid: true, errors: [] });
  });

  it.each<[string, string, unknown, string]>([
    ['schemaVersion other than "2"', 'schemaVersion', '1', '/schemaVersion: must be "2"'],
    [
      'a version with a v',
      'version',
      'v1.137.0',
      '/version: must match pattern "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-(0|[1-9]\\d*|\\d*[A-Za-z-][0-9A-Za-z-]*)(\\.(0|[1-9]\\d*|\\d*[A-Za-z-][0-9A-Za-z-]*))*)?$"',
    ],
    [
      'a previous version that is a pre-release',
      'previousVersion',
      '1.136.0-rc.1',
      '/previousVersion: must match pattern "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)$"',
    ],
    ['a date that is not date-time', 'releaseDate', '2026-08-13', '/releaseDate: must match format "date-time"'],
    ['a missing section', 'upgrade', undefined, "/: must have required property 'upgrade'"],
    ['an unknown top-level member', 'extra', 1, '/: must NOT have additional property "extra"'],
    [
      'a tri-state that is a string "true"',
      'compatibility/rollingUpdateSafe',
      'true',
      '/compatibility/rollingUpdateSafe: must be one of [true,false,"unknown"]',
    ],
    [
      'a strategy outside the enum',
      'compatibility/recommendedStrategy',
      'Rolling',
      '/compatibility/recommendedStrategy: must be one of ["RollingUpdate","Recreate"]',
    ],
    ['a negative count', 'api/rest/breakingCount', -1, '/api/rest/breakingCount: must be >= 0'],
    ['checked as unknown', 'api/mcp/checked', 'unknown', '/api/mcp/checked: must be boolean'],
    ['heaviness with an extra member', 'migrations/files/0/heaviness/locks', true, '/migrations/files/0/heaviness: must NOT have additional property "locks"'],
    ['an edition outside core/ee', 'migrations/files/1/edition', 'enterprise', '/migrations/files/1/edition: must be one of ["core","ee"]'],
    ['a renamed change without previousName', 'config/changes/1/previousName', undefined, "/config/changes/1: must have required property 'previousName'"],
    ['a removed change carrying defaultValue', 'config/changes/0/defaultValue', 'x', '/config/changes/0: must NOT have additional property "defaultValue"'],
    ['a change type outside the three', 'config/changes/2/type', 'added', '/config/changes/2/type: must be one of ["removed","renamed","defaultChanged"]'],
    ['a default that is a number', 'config/changes/2/defaultValue', 20, '/config/changes/2/defaultValue: must be string,null'],
    ['a declared break on line 0', 'declaredBreaks/0/line', 0, '/declaredBreaks/0/line: must be >= 1'],
    ['a declared break without requiredStop', 'declaredBreaks/0/requiredStop', undefined, "/declaredBreaks/0: must have required property 'requiredStop'"],
    [
      'a required stop that is not a version',
      'upgrade/requiredStops/0',
      'latest',
      '/upgrade/requiredStops/0: must match pattern "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)$"',
    ],
  ])('reject an artifact with %s at the right pointer', (_name, at, value, error) => {
    const result = validateArtifact(changed(artifact, at, value));
    expect(result.valid).toBe(false);
    expect(result.errors).toContain(error);
  });

  it.each<[string, string, unknown, string]>([
    ['schemaVersion other than "1"', 'schemaVersion', '2', '/schemaVersion: must be "1"'],
    ['a bad entry version', 'entries/1/version', '1.1', '/entries/1/version: must match pattern "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)$"'],
    ['a bad generatedAt', 'generatedAt', 'yesterday', '/generatedAt: must match format "date-time"'],
    ['an entry without backfilled', 'entries/0/backfilled', undefined, "/entries/0: must have required property 'backfilled'"],
    ['an entry with an extra member', 'entries/1/notes', 'x', '/entries/1: must NOT have additional property "notes"'],
    ['a verdict spelled "Unknown"', 'entries/1/rollingUpdateSafe', 'Unknown', '/entries/1/rollingUpdateSafe: must be one of [true,false,"unknown"]'],
    [
      'a minPreviousVersion that is not a version',
      'entries/1/minPreviousVersion',
      '1.x',
      '/entries/1/minPreviousVersion: must match pattern "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)$"',
    ],
  ])('reject an index with %s at the right pointer', (_name, at, value, error) => {
    const result = validateIndex(changed(index, at, value));
    expect(result.valid).toBe(false);
    expect(result.errors).toContain(error);
  });

  it.each([ARTIFACT_SCHEMA_FILE, INDEX_SCHEMA_FILE] as const)('%s: draft 2020-12, absolute $id, and no object schema allows unknown members', (file) => {
    const schema = readSchema(file);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(String(schema.$id)).toBe(`https://release-safety.dev/schemas/${file}`);
    const open: string[] = [];
    const visit = (node: unknown, pointer: string): void => {
      if (Array.isArray(node)) return node.forEach((child, position) => visit(child, `${pointer}/${position}`));
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      // A oneOf wrapper only picks the branch; each branch closes itself.
      if (record.type === 'object' && record.oneOf === undefined && record.additionalProperties !== false) open.push(pointer || '/');
      for (const [key, child] of Object.entries(record)) visit(child, `${pointer}/${key}`);
    };
    visit(schema, '');
    expect(open).toEqual([]);
  });

  it.each([ARTIFACT_SCHEMA_FILE, INDEX_SCHEMA_FILE] as const)('%s is valid against the 2020-12 meta-schema (the CLI skips this check at run time)', (file) => {
    const ajv = createAjv({ validateSchema: true });
    expect(ajv.validateSchema(readSchema(file)), JSON.stringify(ajv.errors)).toBe(true);
    expect(() => ajv.compile(readSchema(file))).not.toThrow();
    expect(ajv.validateSchema({ type: 'objekt' })).toBe(false);
  });

  it('the artifact schema names exactly the members of the artifact type, all required', () => {
    const schema = readSchema(ARTIFACT_SCHEMA_FILE) as { required: string[]; properties: Record<string, unknown> };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(artifact).sort());
    expect([...schema.required].sort()).toEqual(Object.keys(artifact).sort());
    const indexSchema = readSchema(INDEX_SCHEMA_FILE) as { required: string[]; $defs: { entry: { required: string[] } } };
    expect([...indexSchema.required].sort()).toEqual(Object.keys(index).sort());
    expect([...indexSchema.$defs.entry.required].sort()).toEqual(Object.keys(entry).sort());
  });
});

/** The real published data of lightdash, copied into fixtures/ (fixtures/lightdash-release-safety/SOURCES.md says from where). */
const realIndexFile = path.join(projectRoot, 'fixtures/lightdash-index.json');
const realArtifactsFolder = path.join(projectRoot, 'fixtures/lightdash-release-safety');

/**
 * Where a real file does not fit our contract, the differences are listed here (file → errors).
 * All four files fit today; a new difference makes the test fail and shows it.
 */
const KNOWN_DIFFERENCES: Record<string, string[]> = {};

describe('real published files of lightdash (fixtures/)', () => {
  it('the published index fits the index schema', () => {
    const data = JSON.parse(readFileSync(realIndexFile, 'utf8')) as unknown;
    expect(validateIndex(data).errors).toEqual(KNOWN_DIFFERENCES['release-safety-index.json'] ?? []);
  });

  it('the published per-release artifacts fit the artifact schema', () => {
    const folder = realArtifactsFolder;
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    const differences = Object.fromEntries(
      files
        .map((name) => [`release-safety/${name}`, validateArtifact(JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as unknown).errors] as const)
        .filter(([, errors]) => errors.length > 0),
    );
    expect(differences).toEqual(Object.fromEntries(Object.entries(KNOWN_DIFFERENCES).filter(([name]) => name.startsWith('release-safety/'))));
  });

  it("the real service's declared-break shape (id/reason/requiredStop) differs from ours, and the schema says how", () => {
    // SOURCES.md: the service's declared breaks carry id/reason/requiredStop where ours carry file/line/reason/requiredStop.
    const data = JSON.parse(readFileSync(path.join(realArtifactsFolder, '1.136.1.json'), 'utf8')) as Record<string, unknown>;
    const theirs = { ...data, declaredBreaks: [{ id: 'drop-legacy-table', reason: 'drops a table', requiredStop: true }] };
    expect(validateArtifact(theirs).errors).toEqual([
      "/declaredBreaks/0: must have required property 'file'",
      "/declaredBreaks/0: must have required property 'line'",
      '/declaredBreaks/0: must NOT have additional property "id"',
    ]);
  });
});
