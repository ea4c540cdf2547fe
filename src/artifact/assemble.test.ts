import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdictSurfaces } from '../surfaces/registry.js';
import { decideVerdict } from '../verdict/verdict.js';
import { assembleArtifact, type AssembleInput } from './assemble.js';
import type { ConfigChange, DeclaredBreak, MigrationFile } from './types.js';
import { validateArtifact } from './validate.js';
import { serializeArtifact, writeFileAtomic, writeFilesAtomic } from './write.js';

const light = { locksTable: false, rewritesTable: false, scansTable: false } as const;
const files: MigrationFile[] = [
  { name: '002_b.sql', edition: 'ee', tables: ['z', 'a', 'a'], heaviness: { scansTable: false, locksTable: false, rewritesTable: false } },
  { name: '001_a.sql', edition: 'core', tables: ['t'], heaviness: light },
];
const configChanges: ConfigChange[] = [
  { defaultValue: '2', previousDefault: '1', name: 'B_VAR', type: 'defaultChanged' } as ConfigChange,
  { type: 'removed', name: 'A_VAR', previousDefault: null },
];
const declared: DeclaredBreak[] = [
  { reason: 'second reason, long enough', line: 9, file: 'src/b.ts', requiredStop: false } as DeclaredBreak,
  { file: 'src/a.ts', line: 20, reason: 'first reason, long enough', requiredStop: true },
  { file: 'src/a.ts', line: 3, reason: 'earlier line, long enough', requiredStop: false },
];

function input(reverse: boolean): AssembleInput {
  const order = <T>(list: T[]) => (reverse ? [...list].reverse() : [...list]);
  const sections = {
    migrations: { present: true as const, count: 2, coreCount: 1, eeCount: 1, files: order(files) },
    rest: { checked: true, breaking: false as const, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 },
    mcp: { checked: true, breaking: false as const, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 },
    config: { checked: true, breaking: true as const, changes: order(configChanges) },
    declaredBreaks: order(declared),
  };
  const clear = { checked: true, breaking: false } as const;
  const result = <Section>(section: Section) => ({ section, verdict: clear, findings: [], notes: [] });
  const surfaces = verdictSurfaces({
    migrations: result(sections.migrations),
    rest: result(sections.rest),
    graphql: result(sections.rest),
    trpc: result(sections.rest),
    mcp: result(sections.mcp),
    config: result(sections.config),
    declarations: result(sections.declaredBreaks),
  });
  const verdict = decideVerdict({ version: '3.0.0', surfaces, declaredBreaks: sections.declaredBreaks });
  return { version: '3.0.0', previousVersion: '2.9.0', releaseDate: '2026-06-01T00:00:00.000Z', verdict, ...sections };
}

describe('assembleArtifact', () => {
  it('is byte-identical whatever order the stages produced lists and members in, and schema-valid', () => {
    const forward = serializeArtifact(assembleArtifact(input(false)));
    expect(serializeArtifact(assembleArtifact(input(true)))).toBe(forward);
    const artifact = JSON.parse(forward) as ReturnType<typeof assembleArtifact>;
    expect(validateArtifact(artifact)).toEqual({ valid: true, errors: [] });
    expect(Object.keys(artifact)).toEqual([
      'schemaVersion',
      'version',
      'previousVersion',
      'releaseDate',
      'migrations',
      'compatibility',
      'api',
      'config',
      'upgrade',
      'declaredBreaks',
    ]);
    expect(artifact.migrations.files.map((file) => [file.name, file.tables])).toEqual([
      ['001_a.sql', ['t']],
      ['002_b.sql', ['a', 'z']],
    ]);
    expect(Object.keys(artifact.migrations.files[1]!.heaviness)).toEqual(['locksTable', 'rewritesTable', 'scansTable']);
    expect(artifact.config.changes).toEqual([
      { type: 'removed', name: 'A_VAR', previousDefault: null },
      { type: 'defaultChanged', name: 'B_VAR', previousDefault: '1', defaultValue: '2' },
    ]);
    expect(artifact.declaredBreaks.map((item) => `${item.file}:${item.line}`)).toEqual(['src/a.ts:3', 'src/a.ts:20', 'src/b.ts:9']);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(artifact.upgrade.requiredStops).toEqual(['3.0.0']);
  });
});

describe('writeFilesAtomic', () => {
  it('writes every file or none: a second target that cannot be written leaves the first untouched', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-write-'));
    try {
      const first = join(dir, 'release-safety.json');
      writeFileSync(first, 'old\n');
      writeFileSync(join(dir, 'a-file'), 'x');
      expect(() =>
        writeFilesAtomic([
          { path: first, text: 'new\n' },
          { path: join(dir, 'a-file', 'report.md'), text: '# r\n' },
        ]),
      ).toThrow();
      expect(readFileSync(first, 'utf8')).toBe('old\n');
      expect(readdirSync(dir).sort()).toEqual(['a-file', 'release-safety.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('writeFileAtomic', () => {
  it('replaces the target in one step and leaves no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-write-'));
    try {
      const target = join(dir, 'nested', 'release-safety.json');
      writeFileAtomic(target, 'first\n');
      writeFileAtomic(target, 'second\n');
      expect(readFileSync(target, 'utf8')).toBe('second\n');
      expect(readdirSync(join(dir, 'nested'))).toEqual(['release-safety.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes its temporary file when the rename fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-write-'));
    try {
      // A non-empty folder where the file should go makes the rename fail.
      const target = join(dir, 'out.json');
      mkdirSync(target);
      writeFileSync(join(target, 'keep'), 'old\n');
      expect(() => writeFileAtomic(target, 'new\n')).toThrow();
      expect(readFileSync(join(target, 'keep'), 'utf8')).toBe('old\n');
      expect(readdirSync(dir)).toEqual(['out.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
