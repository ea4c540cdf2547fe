import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../config/load.js';
import { CONFIG_FILE_NAME } from '../config/types.js';
import { describeError, InputError } from '../core/errors.js';
import { detectSurfaces, isHistorySource, type RepositoryView, type SurfaceProposal } from './detect.js';
import { HISTORY_SERVER_DEPENDENCIES } from './detect-api-surfaces.js';
import { detectTagPatterns } from './tags.js';
import { DEFAULT_TAG_PATTERNS, versionOfTag } from '../core/tag-pattern.js';
import { compareVersions } from '../core/version.js';
import { proposeImages } from './images.js';

/** Candidates larger than this are not read (a generated 1 MB spec is fine; a data dump is not a config source). */
const MAX_READ_BYTES = 8 * 1024 * 1024;

export interface InitOutcome {
  /** The config to write, validated against the config schema. */
  config: Record<string, unknown>;
  /** One line per surface: what was found, and what was decided. */
  explanation: string[];
}

/** The files git knows in the working tree (tracked, and untracked but not ignored). */
function listFiles(repoDir: string): string[] {
  let listing: string;
  try {
    listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoDir,
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    });
  } catch (error) {
    throw new InputError(`--repo ${repoDir} is not a git working tree: ${describeError(error)}`);
  }
  return [...new Set(listing.split('\0').filter((file) => file !== ''))].sort();
}

/** Tag names (for the release tag pattern); none when git cannot list them. */
function listTags(repoDir: string): string[] {
  try {
    return execFileSync('git', ['tag', '--list'], { cwd: repoDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * How many recent releases are listed for layouts that moved. Every one of them, not a sample: a
 * folder can live for a single release (peppermint's `packages/database/prisma/migrations`, at 0.2.4
 * only, between two other layouts), and a sample that skips it leaves that release's migrations unread.
 * One `git ls-tree` per release (tens of milliseconds each).
 */
const HISTORY_RELEASES = 60;
const MIGRATIONS_LIKE = /(^|\/)(migrations?|migrate|drizzle)\//i;

/**
 * Files of earlier releases that the newest commit does not have, where a surface can live: migration
 * files, package manifests, and source files (routes, env reads, tRPC routers, MCP tools). Where a
 * layout moved (peppermint: a root Next.js app with `pages/api` at 0.2.x, `apps/api/src` since 0.3),
 * the backfill visits every layout, so init configures each. Release tags under the default patterns
 * or the detected one, the last {@link HISTORY_RELEASES}, newest first (a file is said to be seen at
 * the newest release that has it, and read from there).
 */
function historyOf(repoDir: string, tags: readonly string[], current: ReadonlySet<string>): RepositoryView['history'] {
  const detected = detectTagPatterns(tags)?.patterns;
  const releases = tags
    .flatMap((tag) => {
      const version = versionOfTag(tag, detected ?? DEFAULT_TAG_PATTERNS);
      return version ? [{ tag, version }] : [];
    })
    .sort((a, b) => compareVersions(b.version, a.version))
    .slice(0, HISTORY_RELEASES);
  if (releases.length === 0) return undefined;
  const where = new Map<string, { tag: string; blob: string }>();
  for (const { tag } of releases) {
    let listing: string;
    try {
      listing = execFileSync('git', ['ls-tree', '-r', '-l', '-z', `refs/tags/${tag}`], {
        cwd: repoDir,
        encoding: 'utf8',
        maxBuffer: 512 * 1024 * 1024,
      });
    } catch {
      continue;
    }
    for (const entry of listing.split('\0')) {
      // `<mode> blob <oid> <size>\t<path>`
      const match = /^\d+ blob ([0-9a-f]+)\s+(\d+)\t(.+)$/s.exec(entry);
      if (!match) continue;
      const [, blob, size, file] = match as unknown as [string, string, string, string];
      if (current.has(file) || where.has(file)) continue;
      if (MIGRATIONS_LIKE.test(file) || (isHistorySource(file) && Number(size) <= MAX_HISTORY_SOURCE_BYTES)) where.set(file, { tag, blob });
    }
  }
  let texts: Map<string, string> | undefined;
  return {
    files: [...where.keys()].sort(),
    dependencies: serverDependenciesOf(
      repoDir,
      releases.map((release) => release.tag),
    ),
    where: (file) => where.get(file)?.tag,
    read(file) {
      if (!where.has(file)) return undefined;
      // One `git cat-file --batch` for every file of the history on the first read: init reads most of them.
      texts ??= readBlobs(repoDir, where);
      return texts.get(file);
    },
  };
}

/** Source files larger than this are generated bundles, not a service's routes or env reads. */
const MAX_HISTORY_SOURCE_BYTES = 512 * 1024;

/** The texts of the given files' blobs, by file, in one `git cat-file --batch`; none when git fails. */
function readBlobs(repoDir: string, where: ReadonlyMap<string, { blob: string }>): Map<string, string> {
  const texts = new Map<string, string>();
  const byBlob = new Map<string, string[]>();
  for (const [file, { blob }] of where) byBlob.set(blob, [...(byBlob.get(blob) ?? []), file]);
  if (byBlob.size === 0) return texts;
  let output: Buffer;
  try {
    output = execFileSync('git', ['cat-file', '--batch'], { cwd: repoDir, input: [...byBlob.keys()].join('\n') + '\n', maxBuffer: 2 * 1024 * 1024 * 1024 });
  } catch {
    return texts;
  }
  let offset = 0;
  while (offset < output.length) {
    const newline = output.indexOf(10, offset);
    if (newline === -1) break;
    const [blob, type, size] = output.subarray(offset, newline).toString('utf8').split(' ');
    if (type !== 'blob' || size === undefined) {
      offset = newline + 1; // `<oid> missing`
      continue;
    }
    const start = newline + 1;
    const end = start + Number(size);
    if (Number(size) <= MAX_READ_BYTES) {
      const text = output.subarray(start, end).toString('utf8');
      for (const file of byBlob.get(blob!) ?? []) texts.set(file, text);
    }
    offset = end + 1;
  }
  return texts;
}

/**
 * API server dependencies (`@trpc/server`, GraphQL servers) in any `package.json` of the given
 * release tags, each with the newest tag that has it: one `git grep` over every tag. A surface the
 * newest commit dropped was still served by those releases, which a backfill visits.
 */
function serverDependenciesOf(repoDir: string, tags: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  if (tags.length === 0) return found;
  let output = '';
  try {
    output = execFileSync(
      'git',
      [
        'grep',
        '-F',
        '-o',
        ...HISTORY_SERVER_DEPENDENCIES.flatMap((name) => ['-e', `"${name}"`]),
        ...tags.map((tag) => `refs/tags/${tag}`),
        '--',
        '*package.json',
        ':!**/node_modules/**',
      ],
      { cwd: repoDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
  } catch {
    return found; // exit 1: no match in any release
  }
  const newestFirst = new Map(tags.map((tag, index) => [`refs/tags/${tag}`, index]));
  for (const line of output.split('\n')) {
    const match = /^(refs\/tags\/.+?):.*:"([^"]+)"$/.exec(line);
    if (!match) continue;
    const [, ref, name] = match as unknown as [string, string, string];
    const seen = found.get(name);
    if (seen === undefined || (newestFirst.get(ref) ?? Infinity) < (newestFirst.get(`refs/tags/${seen}`) ?? Infinity))
      found.set(name, ref.slice('refs/tags/'.length));
  }
  return found;
}

function viewOf(repoDir: string): RepositoryView {
  const texts = new Map<string, string | undefined>();
  const files = listFiles(repoDir);
  const tags = listTags(repoDir);
  return {
    files,
    tags,
    history: historyOf(repoDir, tags, new Set(files)),
    read(file) {
      if (!texts.has(file)) {
        try {
          const full = join(repoDir, file);
          texts.set(file, statSync(full).size > MAX_READ_BYTES ? undefined : readFileSync(full, 'utf8'));
        } catch {
          texts.set(file, undefined);
        }
      }
      return texts.get(file);
    },
  };
}

const DECISION: Record<'found' | 'none' | 'unknown' | 'routesOnly', string> = {
  found: 'configured',
  none: 'false (the service has none)',
  unknown: 'left out (the verdict says unknown until you set it)',
  routesOnly: 'false (REST is judged from routes only)',
};

/**
 * Detects the layout and proposes a config. Each proposed surface is validated on its own, so a
 * value this version of the config schema does not accept is left out with the reason instead of
 * making the whole file invalid.
 */
export async function proposeConfig(repoDir: string): Promise<InitOutcome> {
  const view = viewOf(repoDir);
  const proposals = detectSurfaces(view);
  const config: Record<string, unknown> = {};
  const explanation: string[] = [];
  for (const proposal of proposals) {
    const accepted = await acceptedValue(proposal);
    if (accepted.value !== undefined) config[proposal.key] = accepted.value;
    if (proposal.key === 'tags') {
      explanation.push(
        `tags: ${accepted.value === undefined ? 'left out (the default {version} and v{version})' : JSON.stringify(accepted.value)} — ${accepted.evidence}`,
      );
      continue;
    }
    const decision =
      accepted.value === undefined
        ? DECISION.unknown
        : accepted.value === false
          ? proposal.key === 'openapi' && proposals.some((other) => other.key === 'routes' && other.value)
            ? DECISION.routesOnly
            : DECISION.none
          : DECISION.found;
    explanation.push(`${proposal.key}: ${decision} — ${accepted.evidence}`);
  }
  // A deployment repository (no service surface of its own): the images it runs, for `bump-check` (./images.ts).
  const isService = Object.entries(config).some(([, value]) => value !== false);
  const images = isService ? undefined : proposeImages(view);
  if (images) {
    config.images = images.images;
    explanation.push(...images.explanation);
  }
  await parseConfig(JSON.stringify(config), 'the proposed config');
  return { config, explanation };
}

async function acceptedValue(proposal: SurfaceProposal): Promise<{ value: unknown; evidence: string }> {
  if (proposal.value === undefined) return { value: undefined, evidence: proposal.evidence };
  try {
    await parseConfig(JSON.stringify({ [proposal.key]: proposal.value }), proposal.key);
    return { value: proposal.value, evidence: proposal.evidence };
  } catch (error) {
    if (proposal.fallback) return acceptedValue({ key: proposal.key, value: proposal.fallback.value, evidence: proposal.fallback.evidence });
    return { value: undefined, evidence: `${proposal.evidence}; not accepted by the config schema (${describeError(error)})` };
  }
}

export function defaultConfigPath(repoDir: string): string {
  return join(repoDir, CONFIG_FILE_NAME);
}

export function refuseOverwrite(path: string, force: boolean): void {
  if (existsSync(path) && !force) throw new InputError(`${path} exists: init never overwrites it without --force`);
}
