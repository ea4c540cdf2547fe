import { posix } from 'node:path';
import { describeError } from '../core/errors.js';
import type { Tri } from '../core/tristate.js';
import type { ReleaseSafetyConfig } from '../config/types.js';
import type { Finding, RuleMeta, Surface } from '../rules/types.js';
import type { AcceptancePolicy, AcceptedFinding, AcceptProblem } from '../accept/policy.js';

/**
 * The stage contract. A stage sees the two refs only through {@link StageInput}: the file-set
 * diff, the blob ids of every path at both refs, and a reader of file contents (cached by blob id,
 * each blob read once). It never touches git, the network or the disk itself.
 */

export type Side = 'base' | 'head';

export type ChangeStatus = 'added' | 'modified' | 'deleted';

export interface ChangedPath {
  status: ChangeStatus;
  path: string;
}

export interface StageInput {
  config: ReleaseSafetyConfig;
  /** Target PostgreSQL major version (config `postgresVersion`, default 16). */
  postgresVersion: number;
  /** Paths added, modified or deleted from base (`from`) to head (`to`); renames appear as delete + add. */
  changes: readonly ChangedPath[];
  /** Blob id of every tracked file, by path, at each ref. Equal ids mean identical content. */
  trees: Readonly<Record<Side, ReadonlyMap<string, string>>>;
  /** Text of a file at a ref; `undefined` when the path does not exist there. */
  read(side: Side, path: string): Promise<string | undefined>;
  /**
   * The raw bytes of a file at a ref, not decoded and not cached: for a cheap byte-level test before a
   * large file is decoded (the declarations scan). Optional: in-memory inputs have only text.
   */
  readBytes?(side: Side, path: string): Promise<Buffer | undefined>;
  /**
   * OpenAPI documents the release workflow generated (`generate --openapi-base/--openapi-head`):
   * when given, the REST stage compares these instead of the documents config `openapi` names.
   */
  openapiFiles?: Readonly<Record<Side, WorkflowSpecFile>>;
  /**
   * Acknowledgements are honoured (src/accept/): the config's rule settings in force, and a lookup of
   * every rule id (to name an acceptance of an id no catalogue knows). Absent with `--no-accept`:
   * nothing is accepted and acknowledgements are not read.
   */
  acceptance?: AcceptancePolicy & { knownRule(id: string): RuleMeta | undefined };
  /**
   * The release's date (ISO 8601): the `--to` commit's committer date, the clock only for a working
   * tree. Date-based policies (REST `x-sunset`) compare with it, so a release always gets the same report.
   */
  releaseDate?: string;
  /** Results derived from file contents, kept across pairs and runs by the caller; absent with `--no-cache`. */
  derivedCache?: DerivedCache;
  /**
   * Submodules (gitlinks) at each ref, and those at the same commit at both refs. Their files are not
   * in `trees`, and a bumped gitlink is not among `changes` (it has no content here): what lies in an
   * unchanged one did not change; what lies in a bumped one cannot be compared.
   */
  submodules?: { readonly paths: Readonly<Record<Side, ReadonlySet<string>>>; readonly unchanged: ReadonlySet<string> };
}

/**
 * A key → value store a stage may use to skip work it did before (derived-cache.ts). The stage puts
 * into the key everything the value depends on; entries are untrusted (a stage checks their shape
 * and recomputes what it does not recognise), so a stale or corrupt entry can only cost time.
 */
export interface DerivedCache {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/** An OpenAPI document read from disk: its text, the name to show (the flag's value), and a reader of the files its `$ref`s name. */
export interface WorkflowSpecFile {
  text: string;
  /** The file as the user named it (shown in reports and evidence). */
  source: string;
  /** How the engine addresses it (see `core/file-system-paths.ts`), so relative `$ref`s resolve on disk. */
  path: string;
  /** Reads another file by its engine path; `undefined` when there is none. */
  readSibling(path: string): Promise<string | undefined>;
}

/**
 * What a stage decided, in one shape the verdict can compose.
 * `checked` false or `breaking` unknown makes the release `unknown` unless something else is `false`.
 */
export interface StageVerdict {
  checked: boolean;
  /** Whether anything on this surface breaks a rolling update (heaviness counts as breaking). */
  breaking: Tri;
}

export interface StageResult<Section> {
  section: Section;
  verdict: StageVerdict;
  findings: Finding[];
  /** Why the stage could not check (kept for the report), when it failed closed or was not configured. */
  notes: string[];
  /** Findings a maintainer accepted: they do not count in `verdict`, and every report lists them. */
  accepted?: AcceptedFinding[];
  /** Malformed, stale or refused acceptances: `generate` stops on them (exit 2). */
  acceptProblems?: AcceptProblem[];
  /**
   * The section as the verdict counts it when accepted findings leave facts in `section` that no
   * longer count (a migration's heaviness flags stay as observed in the artifact). Never lighter
   * than `section` where `section` is `unknown`.
   */
  verdictSection?: Section;
}

export interface Stage<Section> {
  readonly surface: Surface;
  /** The stage's rule catalogue (the only place its ids are spelled). */
  readonly rules: readonly RuleMeta[];
  run(input: StageInput): Promise<StageResult<Section>>;
  /** The section when the stage could not run at all: everything `unknown`, nothing claimed. */
  failClosed(): Section;
  /**
   * The config keys the stage reads (`generate` compares a release that edits them with the `from`
   * config too, so a release cannot switch off the surface it breaks); empty when it reads none.
   */
  readonly configKeys: readonly (keyof ReleaseSafetyConfig)[];
  /** Every path the stage's config names, at the shape it reads it (checked for links and submodules). */
  configuredPaths(config: ReleaseSafetyConfig): ConfiguredPath[];
  /** What the section says of the surface, for the verdict (folded with the stage's own verdict). */
  sectionVerdict(section: Section): SectionVerdict;
  /** One line for the report's table of surfaces: `3 breaking change(s), 1 advisory(ies)`. */
  summary(section: Section): string;
  /** Where a finding of this surface is accepted (`release-safety rules`), or why none can be. */
  readonly acceptance: StageAcceptance;
}

/** Where a surface's findings may be acknowledged in the code, or why they never can be. */
export type StageAcceptance = { readonly where: string } | { readonly refused: string };

/** A path named by the config: where it comes from (`migrations[0].dir`, for messages), and how it is read. */
export interface ConfiguredPath {
  key: string;
  path: string;
  shape: 'file' | 'folder' | 'glob';
}

/** A configured path as git lists it: posix, no `./` prefix or trailing slash; the root is `''`. */
export function normalConfigPath(path: string): string {
  const normal = posix.normalize(path.replace(/\\/g, '/')).replace(/^\.\//, '').replace(/\/+$/, '');
  return normal === '.' ? '' : normal;
}

/** The `checked`/`breaking` a section shows, with the proven cause or the unknown's detail when the section has one. */
export interface SectionVerdict {
  checked: boolean;
  breaking: Tri;
  /** The section itself proves the break (heavy migrations, declared breaks): the verdict's reason. */
  provenBreak?: { cause: 'heavy-migration' | 'declared-break'; detail: string };
  /** What is unknown, when the section can name it (`unclassified migration(s): …`). */
  unknownDetail?: string;
}

/**
 * The one fail-closed wrapper: a stage that throws becomes unchecked/`unknown`,
 * with the cause kept for the report. Never a default of `true`, never a swallowed error.
 */
export async function runStage<Section>(stage: Stage<Section>, input: StageInput): Promise<StageResult<Section>> {
  try {
    return await stage.run(input);
  } catch (error) {
    return {
      section: stage.failClosed(),
      verdict: { checked: false, breaking: 'unknown' },
      findings: [],
      notes: [`${stage.surface} stage failed: ${describeError(error)}`],
    };
  }
}
