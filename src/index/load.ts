import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, describeError } from '../core/errors.js';
import { parseVersion } from '../core/version.js';
import type { ReleaseSafetyArtifact, ReleaseSafetyIndex } from '../artifact/types.js';
import type { ArtifactSource, SkippedArtifact } from './regenerate.js';
import { validateDocument } from './validate-document.js';
import { isoDateFromGit } from './entries.js';
import type { ReleaseTagInfo } from './entries.js';
import { parseJson } from '../core/structured-text.js';
import { parseIndexDocument, readIndexFile } from '../span/load-index.js';

/**
 * The input side of `index`: artifact files, an existing index, release tags. Every refusal names
 * the file; nothing is ignored silently.
 */

/** Suffix of the human report `backfill` writes beside each artifact; its presence marks the artifact retroactive. */
import { BACKFILL_REPORT_SUFFIX } from '../core/own-outputs.js';

export { BACKFILL_REPORT_SUFFIX };

export function backfillReportPath(artifactPath: string): string {
  return artifactPath.replace(/\.json$/, BACKFILL_REPORT_SUFFIX);
}

export interface LoadedArtifacts {
  artifacts: ArtifactSource[];
  skipped: SkippedArtifact[];
}

/**
 * Reads every `*.json` in `dir` (not recursive), in name order. An unreadable or invalid file is an
 * error naming it, unless `skipInvalid`, in which case it is listed in `skipped` for the report.
 */
export function loadArtifactsDir(dir: string, options: { skipInvalid?: boolean } = {}): LoadedArtifacts {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(`--artifacts folder not found: ${dir}`);
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const artifacts: ArtifactSource[] = [];
  const skipped: SkippedArtifact[] = [];
  for (const name of files) {
    const file = join(dir, name);
    const loaded = readArtifact(file);
    if ('reason' in loaded) {
      if (!options.skipInvalid) throw new InputError(`${file}: ${loaded.reason} (fix or remove it, or pass --skip-invalid)`);
      skipped.push({ file, reason: loaded.reason });
      continue;
    }
    artifacts.push({ file, artifact: loaded.artifact, retroactive: existsSync(backfillReportPath(file)) });
  }
  return { artifacts, skipped };
}

function readArtifact(file: string): { artifact: ReleaseSafetyArtifact } | { reason: string } {
  let data: unknown;
  try {
    data = parseJson(readFileSync(file, 'utf8'));
  } catch (error) {
    return { reason: `not readable JSON: ${describeError(error)}` };
  }
  const result = validateDocument(data);
  if (result.kind !== 'artifact') return { reason: 'not a release-safety artifact' };
  if (!result.valid) {
    const more = result.errors.length > 3 ? ` (and ${result.errors.length - 3} more)` : '';
    return { reason: `invalid artifact: ${result.errors.slice(0, 3).join('; ')}${more}` };
  }
  return { artifact: data as ReleaseSafetyArtifact };
}

/** An existing index must pass its schema: entries we keep must be well-formed. */
export function loadIndexFile(file: string): ReleaseSafetyIndex {
  return parseIndexDocument(readIndexFile(file), file);
}

/** A release tag chosen for its version: name as written, canonical version, commit, UTC date. */
export interface ChosenTag extends ReleaseTagInfo {
  tag: string;
  commit: string;
}

export interface TagChoice {
  tags: ChosenTag[];
  /** Versions tagged twice (`1.2.3` and `v1.2.3`) on different commits: which one was used. */
  notes: string[];
}

/**
 * One tag per version. `releaseTags()` lists `1.2.3` and `v1.2.3` separately; the plain name wins
 * (it is the version itself), and two names on different commits are reported.
 */
export function chooseReleaseTags(tags: readonly { tag: string; version: string; commit: string; date: string }[]): TagChoice {
  const byVersion = new Map<string, { tag: string; version: string; commit: string; date: string }>();
  const notes: string[] = [];
  for (const tag of tags) {
    if (!parseVersion(tag.version)) continue;
    const other = byVersion.get(tag.version);
    if (!other) {
      byVersion.set(tag.version, tag);
      continue;
    }
    const preferred = other.tag === tag.version ? other : tag.tag === tag.version ? tag : other;
    if (other.commit !== tag.commit) {
      notes.push(`tags ${other.tag} and ${tag.tag} name different commits; used ${preferred.tag}`);
    }
    byVersion.set(tag.version, preferred);
  }
  const chosen: ChosenTag[] = [...byVersion.values()].map((tag) => ({
    version: tag.version,
    date: isoDateFromGit(tag.date),
    tag: tag.tag,
    commit: tag.commit,
  }));
  return { tags: chosen, notes };
}
