import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfigChange, ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { runCli } from '../helpers/cli.js';

/**
 * The releases of a service whose image a deployment repository runs: per-release artifacts in a
 * folder and the index `release-safety index` builds from them (the real command, as a service's
 * release workflow runs it).
 *
 *   1.0.0 floor · 1.1.0 safe · 1.2.0 safe · 1.3.0 NOT safe, renames MAIL_HOST → SMTP_HOST, removes LEGACY_MODE ·
 *   1.4.0 safe · 1.5.0 safe · 1.6.0 safe, required stop 1.5.0 (minPreviousVersion 1.5.0) · 1.7.0 safe
 */
export interface ServiceReleases {
  folder: string;
  artifactsFolder: string;
  indexFile: string;
  /** File name → text of every artifact and the index, for committing into a repository. */
  files(prefix: string): Record<string, string>;
}

function artifact(
  version: string,
  previousVersion: string | null,
  safe: boolean,
  extra: { stops?: string[]; config?: ConfigChange[] } = {},
): ReleaseSafetyArtifact {
  const surface = { checked: true, breaking: false as const, changes: [] as string[], breakingCount: 0, advisories: [], advisoryCount: 0 };
  const minor = Number(version.split('.')[1]);
  return {
    schemaVersion: '2',
    version,
    previousVersion,
    releaseDate: new Date(Date.UTC(2026, 0, 1 + minor)).toISOString(),
    migrations: { present: false, count: 0, coreCount: 0, eeCount: 0, files: [] },
    compatibility: { rollingUpdateSafe: safe, recommendedStrategy: safe ? 'RollingUpdate' : 'Recreate' },
    api: { rest: surface, mcp: surface },
    config: { checked: true, breaking: (extra.config?.some((change) => change.type !== 'defaultChanged') ?? false) as never, changes: extra.config ?? [] },
    upgrade: { minPreviousVersion: extra.stops?.[0] ?? null, requiredStops: extra.stops ?? [] },
    declaredBreaks: [],
  };
}

export function serviceReleases(): ServiceReleases {
  const folder = mkdtempSync(join(tmpdir(), 'rs-bump-service-'));
  const artifactsFolder = join(folder, 'artifacts');
  mkdirSync(artifactsFolder);
  const releases = [
    artifact('1.0.0', null, true),
    artifact('1.1.0', '1.0.0', true),
    artifact('1.2.0', '1.1.0', true),
    artifact('1.3.0', '1.2.0', false, {
      config: [
        { type: 'renamed', name: 'SMTP_HOST', previousName: 'MAIL_HOST', defaultValue: null },
        { type: 'removed', name: 'LEGACY_MODE', previousDefault: null },
        { type: 'defaultChanged', name: 'PAGE_SIZE', previousDefault: '50', defaultValue: '100' },
      ],
    }),
    artifact('1.4.0', '1.3.0', true),
    artifact('1.5.0', '1.4.0', true),
    artifact('1.6.0', '1.5.0', true, { stops: ['1.5.0'] }),
    artifact('1.7.0', '1.6.0', true),
  ];
  for (const release of releases) writeFileSync(join(artifactsFolder, `${release.version}.json`), `${JSON.stringify(release, null, 2)}\n`);
  const indexFile = join(folder, 'release-safety-index.json');
  const indexed = runCli(['index', '--artifacts', artifactsFolder, '--floor', '1.0.0', '--out', indexFile]);
  if (indexed.status !== 0) throw new Error(`index failed: ${indexed.stderr}`);
  return {
    folder,
    artifactsFolder,
    indexFile,
    files(prefix) {
      const files: Record<string, string> = { [`${prefix}/release-safety-index.json`]: readFileSync(indexFile, 'utf8') };
      for (const name of readdirSync(artifactsFolder)) files[`${prefix}/artifacts/${name}`] = readFileSync(join(artifactsFolder, name), 'utf8');
      return files;
    },
  };
}
