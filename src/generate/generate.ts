import { posix } from 'node:path';
import { assembleArtifact } from '../artifact/assemble.js';
import type { ReleaseSafetyArtifact, UpgradeSection } from '../artifact/types.js';
import { validateArtifact } from '../artifact/validate.js';
import { parseConfig } from '../config/load.js';
import { CONFIG_FILE_NAME, DEFAULT_POSTGRES_VERSION, type ReleaseSafetyConfig } from '../config/types.js';
import { describeError, InputError } from '../core/errors.js';
import { compareVersions, parsePrereleaseVersion, parseVersion, type Version } from '../core/version.js';
import { tagPatterns, versionOfTag } from '../core/tag-pattern.js';
import type { Repository } from '../git/repository.js';
import type { LinkKind } from '../git/tree.js';
import {
  allStages,
  artifactApiSections,
  findRule,
  surfaceRefusal,
  pipelineStages,
  stageOf,
  SURFACES,
  verdictSurfaces,
  type PipelineStages,
  type StageResults,
} from '../surfaces/registry.js';
import type { Finding, RuleMeta, Surface } from '../rules/types.js';
import { runStage, type ChangedPath, type Side, type Stage, type StageInput, type StageResult, type StageVerdict } from '../stages/contract.js';
import { combineRuns, mayReferenceSiblings, movedInput, planSurface } from './checked-surfaces.js';
import { linkedPathReasons, type Links } from './linked-paths.js';
import { decideVerdict, type Verdict } from '../verdict/verdict.js';
import { parseJson } from '../core/structured-text.js';
import { problemLine, ruleSettingProblems, settingsInForce, type AcceptedFinding } from '../accept/policy.js';

/**
 * The maintainer's pipeline: two refs → stage results → verdict → a schema-valid artifact.
 * Reads only through a {@link Repository} (git) and never writes: the caller decides where the
 * artifact and the report go. A `Repository` may be reused across many pairs (backfill).
 */
export const WORKTREE = 'WORKTREE';
export const ARTIFACT_FILE_NAME = 'release-safety.json';

export interface GenerateRequest {
  /** Base ref (tag, branch, SHA). */
  from: string;
  /** Head ref, or {@link WORKTREE} for the uncommitted working directory. */
  to: string;
  /** Release version; defaults to `to` when it is a release tag. */
  version?: string;
  /** Previous release version; defaults to `from` when it is a release tag. */
  previousVersion?: string;
  /** A config file given explicitly (`--config`): its text and the name used in messages. */
  config?: { text: string; source: string };
  /** Clock for `--to WORKTREE` (release date = now); tests pin it. */
  now?: () => Date;
  /**
   * The previous release's artifact as the caller has it (backfill: the one it just wrote), used in
   * preference to the `release-safety.json` committed at `from`: historic tags have none, so without
   * it a required stop would not raise the floor of the releases after it. Validated like the
   * committed one; when it is not schema-valid the committed file is used instead.
   */
  previousArtifact?: PreviousArtifactInput;
  /** OpenAPI documents the workflow generated (`--openapi-base/--openapi-head`), compared instead of config `openapi`. */
  openapiFiles?: StageInput['openapiFiles'];
  /** `--no-accept`: the verdict without any acknowledgement (comments, extensions and config `rules` are ignored). */
  noAccept?: boolean;
  /** Results derived from unchanged files, kept across pairs and runs (derived-cache.ts); none with `--no-cache`. */
  derivedCache?: StageInput['derivedCache'];
}

export interface PreviousArtifactInput {
  /** The parsed artifact (not trusted: it is validated). */
  data: unknown;
  /** Where it came from, for the report (`1.2.0.json in the backfill folder`). */
  source: string;
}

export interface StageOutcome {
  surface: Surface;
  rules: readonly RuleMeta[];
  verdict: StageVerdict;
  findings: Finding[];
  notes: string[];
  /** Findings accepted by a maintainer (inline or by config): not counted in the verdict, listed in every report. */
  accepted: AcceptedFinding[];
  /** The stage's one line for the report's table of surfaces. */
  summary: string;
}

export interface GenerateOutcome {
  artifact: ReleaseSafetyArtifact;
  verdict: Verdict;
  stages: StageOutcome[];
  refs: { from: { ref: string; commit: string }; to: { ref: string; commit: string | null; tree: string } };
  config: {
    status: 'loaded' | 'missing';
    source: string;
    /** What the release changed in the config of the surfaces (`openapi: "a.yaml" → false`); the `from` config governs them. */
    changes: string[];
  };
  /** Acknowledgements: `ignored` with `--no-accept`; notes on config rule settings not (yet) in force. */
  acceptance: { status: 'honoured' | 'ignored'; notes: string[] };
  /** What became of the `from` release's own artifact (source of `minPreviousVersion`). */
  previousArtifact: { status: 'used' | 'absent' | 'invalid'; detail: string };
  changedPaths: number;
}

/** An assembled artifact that fails its own schema is a bug of this tool, not of the input. */
export class InvalidArtifactError extends Error {
  override readonly name = 'InvalidArtifactError';
  readonly exitCode = 2;
  constructor(readonly errors: readonly string[]) {
    super(`internal error: the assembled artifact is not schema-valid (${errors.join('; ')})`);
  }
}

/** What the stages see of a pair of trees: both listings, the file-set diff, and contents by blob id. */
export type PairContents = Pick<StageInput, 'changes' | 'trees' | 'read' | 'readBytes'>;

/**
 * Lists both trees, diffs them, and reads file texts through the repository's blob cache (each
 * blob read once). Submodules and other non-files have no content to compare, so a change is kept
 * only where the path is a file on at least one side.
 */
export async function readPair(repo: Repository, baseTreeish: string, headTreeish: string): Promise<PairContents> {
  const [baseTree, headTree, changedPaths] = await Promise.all([
    repo.listTree(baseTreeish),
    repo.listTree(headTreeish),
    repo.diffPaths(baseTreeish, headTreeish),
  ]);
  const read = (side: Side, path: string): Promise<string | undefined> => {
    const blobId = (side === 'base' ? baseTree : headTree).get(path);
    return blobId === undefined ? Promise.resolve(undefined) : repo.readText(blobId);
  };
  const readBytes = (side: Side, path: string): Promise<Buffer | undefined> => {
    const blobId = (side === 'base' ? baseTree : headTree).get(path);
    return blobId === undefined ? Promise.resolve(undefined) : repo.readBlob(blobId);
  };
  return {
    changes: changedPaths.filter((change: ChangedPath) => baseTree.has(change.path) || headTree.has(change.path)),
    trees: { base: baseTree, head: headTree },
    read,
    readBytes,
  };
}

/** `stages` defaults to the registry's; tests pass their own to reach every verdict through real git. */
export async function generateRelease(repo: Repository, request: GenerateRequest, stages: PipelineStages = pipelineStages): Promise<GenerateOutcome> {
  // Refs first: an unknown ref is the more basic mistake to report.
  const fromCommit = await repo.resolveCommit(request.from);
  const worktree = request.to === WORKTREE;
  const toCommit = worktree ? null : await repo.resolveCommit(request.to);
  const toTree = toCommit ?? (await repo.snapshotWorktree());
  const releaseDate = toCommit ? await repo.commitDate(toCommit) : (request.now ?? (() => new Date()))().toISOString();

  const pair = await readPair(repo, fromCommit, toTree);
  const [{ config, status: configStatus, source: configSource }, fromConfig, links, allChanges] = await Promise.all([
    loadConfig(request, pair.read),
    loadFromConfig(request.from, pair.read),
    Promise.all([repo.listLinks(fromCommit), repo.listLinks(toTree)]).then(([base, head]) => ({ base, head })),
    repo.diffPaths(fromCommit, toTree),
  ]);
  const submodules = submodulesOf(links, allChanges);
  // Versions after the config: its `tags` says how release tags are named (`server-v{version}`).
  const patterns = tagPatterns(config.tags);
  const { text: version, release: versionRelease } = describedVersion(request.version, request.to, patterns);
  const previousVersion = releaseVersion(request.previousVersion, request.from, '--previous-version', '--from', patterns);
  // An artifact whose previous release is not older cannot take its place in the index (validate refuses it).
  if (compareVersions(parseVersion(previousVersion)!, versionRelease) >= 0) {
    throw new InputError(
      `the previous version ${previousVersion} is not older than the version ${version}: --from must name the release before --to (or give --previous-version and --version)`,
    );
  }
  const acceptance = acceptancePolicy(request, config, configSource, fromConfig, stages);
  const input: StageInput = {
    config,
    postgresVersion: config.postgresVersion ?? DEFAULT_POSTGRES_VERSION,
    ...pair,
    openapiFiles: request.openapiFiles,
    releaseDate,
    derivedCache: request.derivedCache,
    ...(acceptance.policy ? { acceptance: acceptance.policy } : {}),
    submodules,
  };
  const checkedWith = { from: fromConfig, links };

  // Stages are independent; each is wrapped so a throw becomes unchecked/unknown with its cause.
  const results = await runStages(stages, input, checkedWith);
  // A malformed, stale or refused acknowledgement is bad input: nothing is written (exit 2).
  const problems = SURFACES.flatMap((surface) => results[surface].acceptProblems ?? []);
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (+${problems.length - 1} more: ${problems.slice(1, 4).map(problemLine).join('; ')})` : '';
    throw new InputError(`${problemLine(problems[0]!)}${more}`);
  }

  const previousArtifact = await choosePreviousArtifact(request.previousArtifact, pair.read, previousVersion);
  const verdict = decideVerdict({
    version,
    // Accepted findings leave their facts in the artifact (heaviness flags) but no longer count.
    surfaces: verdictSurfaces(results, stages),
    declaredBreaks: results.declarations.section,
    previousUpgrade: previousArtifact.upgrade,
  });

  // The artifact's sections by the contract's field names; GraphQL and tRPC are reported under `api.rest`.
  const api = artifactApiSections(results, verdict.surfaces);
  const artifact = assembleArtifact({
    version,
    previousVersion,
    releaseDate,
    migrations: results.migrations.section,
    rest: api.rest.section,
    mcp: api.mcp.section,
    config: results.config.section,
    declaredBreaks: results.declarations.section,
    verdict: { ...verdict, surfaces: { ...verdict.surfaces, rest: api.rest.state, mcp: api.mcp.state } },
  });
  const validation = validateArtifact(artifact);
  if (!validation.valid) throw new InvalidArtifactError(validation.errors);

  const stageOutcomes: StageOutcome[] = SURFACES.map((surface) => {
    const stage = stageOf(stages, surface);
    const result = results[surface];
    return {
      surface,
      rules: stage.rules,
      verdict: result.verdict,
      findings: result.findings,
      notes: result.notes,
      accepted: result.accepted ?? [],
      summary: stage.summary(result.section),
    };
  });

  return {
    artifact,
    verdict,
    stages: stageOutcomes,
    refs: { from: { ref: request.from, commit: fromCommit }, to: { ref: request.to, commit: toCommit, tree: toTree } },
    config: { status: configStatus, source: configSource, changes: configChanges(fromConfig, config, stages) },
    acceptance: { status: acceptance.policy ? 'honoured' : 'ignored', notes: acceptance.notes },
    previousArtifact: { status: previousArtifact.status, detail: previousArtifact.detail },
    changedPaths: input.changes.length,
  };
}

/**
 * The version the artifact describes: a release (`--version 1.3.0` or the `--to` tag), or with
 * `--version` a dry run's pre-release (`1.3.0-rc.1`, `1.2.1-pr.42`), which `index` never takes.
 */
function describedVersion(explicit: string | undefined, ref: string, patterns: readonly string[]): { text: string; release: Version } {
  const dryRun = explicit === undefined ? undefined : parsePrereleaseVersion(explicit);
  if (dryRun) return { text: dryRun.text, release: dryRun.release };
  const text = releaseVersion(explicit, ref, '--version', '--to', patterns);
  return { text, release: parseVersion(text)! };
}

/**
 * The acknowledgements policy of the release: the config's rule settings in force (the stricter of
 * the `from` and `to` configs, see accept/policy.ts) and every rule id the stages know. A setting
 * naming no rule, or with a reason too short, is bad input. `undefined` with `--no-accept`.
 */
function acceptancePolicy(
  request: GenerateRequest,
  config: ReleaseSafetyConfig,
  configSource: string,
  from: FromConfig,
  stages: PipelineStages,
): { policy?: NonNullable<StageInput['acceptance']>; notes: string[] } {
  if (request.noAccept) return { notes: ['--no-accept: acknowledgements and config rule settings are ignored'] };
  const catalogue = Object.values(stages).flatMap((stage: Stage<unknown>) => stage.rules);
  const knownRule = (id: string) => findRule(id, undefined, catalogue);
  const problems = ruleSettingProblems(config.rules ?? {}, configSource, knownRule, (meta) => surfaceRefusal(meta, stages));
  if (problems.length > 0) throw new InputError(problems.length > 1 ? `${problems[0]} (+${problems.length - 1} more)` : problems[0]!);
  // A `from` config with a broken setting was never in force: it lowers nothing (the stricter side wins anyway).
  const fromRules = from.status === 'loaded' ? from.config.rules : undefined;
  const { settings, notes } = settingsInForce(fromRules, config.rules, (id) => knownRule(id)?.level);
  return { policy: { settings, knownRule }, notes };
}

/** `--version`/`--previous-version` when given, else the ref itself when it is a release tag. */
function releaseVersion(explicit: string | undefined, ref: string, flag: string, refFlag: string, patterns: readonly string[]): string {
  if (explicit !== undefined) {
    const parsed = parseVersion(explicit);
    if (!parsed) {
      const dryRun = flag === '--version' ? ' or, for a dry run, X.Y.Z-<pre-release>' : '';
      throw new InputError(`${flag} "${explicit}" is not a release version (expected X.Y.Z or vX.Y.Z${dryRun})`);
    }
    return parsed.text;
  }
  const fromRef = versionOfTag(ref, patterns);
  if (!fromRef)
    throw new InputError(`${refFlag} "${ref}" is not a release tag (${patterns.map((p) => p.replace('{version}', 'X.Y.Z')).join(' or ')}): give ${flag}`);
  return fromRef.text;
}

/**
 * The config: `--config` when given, else `release-safety.config.json` at the `to` ref. A missing
 * file is not an error: every surface is then unconfigured and the verdict `unknown`. An invalid one is.
 */
async function loadConfig(
  request: GenerateRequest,
  read: StageInput['read'],
): Promise<{ config: ReleaseSafetyConfig; status: 'loaded' | 'missing'; source: string }> {
  if (request.config) return { config: await parseConfig(request.config.text, request.config.source), status: 'loaded', source: request.config.source };
  const source = `${CONFIG_FILE_NAME} at ${request.to}`;
  const text = await read('head', CONFIG_FILE_NAME);
  if (text === undefined) return { config: {}, status: 'missing', source };
  return { config: await parseConfig(text, source), status: 'loaded', source };
}

/** The config at the `from` ref: what the previous release was checked on (see checked-surfaces.ts). */
type FromConfig = { status: 'loaded'; config: ReleaseSafetyConfig } | { status: 'missing' } | { status: 'invalid'; reason: string };

async function loadFromConfig(from: string, read: StageInput['read']): Promise<FromConfig> {
  const text = await read('base', CONFIG_FILE_NAME);
  if (text === undefined) return { status: 'missing' };
  try {
    return { status: 'loaded', config: await parseConfig(text, `${CONFIG_FILE_NAME} at ${from}`) };
  } catch (error) {
    return { status: 'invalid', reason: describeError(error) };
  }
}

/**
 * The config changes of the release, for the report. A `from` config that is not valid was never in
 * force (generate refuses it), so like a missing one it narrows nothing: the `to` config alone governs.
 */
function configChanges(from: FromConfig, to: ReleaseSafetyConfig, stages: PipelineStages): string[] {
  if (from.status === 'invalid') return [`${CONFIG_FILE_NAME} at the from ref is not valid, so the to config alone governs (${from.reason})`];
  if (from.status === 'missing') return [];
  return allStages(stages).flatMap((stage) => planSurface(stage.configKeys, from.config, to).changes);
}

/** Every stage of the registry, at once, each as the `from` config requires. */
async function runStages(stages: PipelineStages, input: StageInput, checkedWith: { from: FromConfig; links: Links }): Promise<StageResults> {
  const results = await Promise.all(
    SURFACES.map(async (surface) => [surface, await runConfiguredStage(stageOf(stages, surface), input, checkedWith)] as const),
  );
  return Object.fromEntries(results) as unknown as StageResults;
}

/**
 * A stage that reads the config, run as the `from` config requires (checked-surfaces.ts): the release
 * cannot narrow what it is checked on. A configured path through a symbolic link or submodule adds an
 * `unknown` that only a proven break outweighs.
 */
async function runConfiguredStage<Section>(
  stage: Stage<Section>,
  input: StageInput,
  checkedWith: { from: FromConfig; links: Links },
): Promise<StageResult<Section>> {
  const { from, links } = checkedWith;
  const plan = planSurface(stage.configKeys, from.status === 'loaded' ? from.config : undefined, input.config);
  const results = await Promise.all(
    plan.runs.map(async (run) => {
      const runInput: StageInput = { ...input, config: run.config, postgresVersion: run.config.postgresVersion ?? DEFAULT_POSTGRES_VERSION };
      if (!run.moved) return runStage(stage, runInput);
      const { basePath, headPath } = run.moved;
      const oldText = await input.read('base', basePath);
      if (oldText !== undefined && posix.dirname(basePath) !== posix.dirname(headPath) && mayReferenceSiblings(oldText)) {
        return unknownResult(stage, `${basePath} moved to ${headPath} in another folder and references files beside it: the move cannot be compared`);
      }
      return runStage(stage, movedInput(runInput, basePath, headPath));
    }),
  );
  const reasons = await linkedPathReasons(
    plan.runs.flatMap((run) => stage.configuredPaths(run.config)),
    links,
    input,
  );
  if (plan.unknown) reasons.unshift(plan.unknown);
  const combined = combineRuns([...results, ...reasons.map((reason) => unknownResult(stage, reason))]);
  return plan.note ? { ...combined, notes: [plan.note, ...combined.notes] } : combined;
}

/** Submodules of each ref, and those at the same commit at both (a submodule at one ref only, or bumped, is among the changed paths of the tree diff). */
function submodulesOf(links: Links, changes: readonly ChangedPath[]): NonNullable<StageInput['submodules']> {
  const of = (side: ReadonlyMap<string, LinkKind>) => new Set([...side].flatMap(([path, kind]) => (kind === 'submodule' ? [path] : [])));
  const paths = { base: of(links.base), head: of(links.head) };
  const changed = new Set(changes.map((change) => change.path));
  return { paths, unchanged: new Set([...paths.base].filter((path) => paths.head.has(path) && !changed.has(path))) };
}

function unknownResult<Section>(stage: Stage<Section>, reason: string): StageResult<Section> {
  return { section: stage.failClosed(), verdict: { checked: false, breaking: 'unknown' }, findings: [], notes: [reason] };
}

type PreviousArtifactOutcome = { status: 'used' | 'absent' | 'invalid'; detail: string; upgrade?: UpgradeSection };

/** The caller's previous artifact when it is valid, else the one committed at `from`. */
async function choosePreviousArtifact(
  given: PreviousArtifactInput | undefined,
  read: StageInput['read'],
  previousVersion: string,
): Promise<PreviousArtifactOutcome> {
  if (!given) return readPreviousArtifact(read, previousVersion);
  const passed = checkPreviousArtifact(given.data, given.source, (version) => `artifact of ${version} given by the caller (${given.source})`, previousVersion);
  if (passed.status === 'used') return passed;
  // Not usable: the committed file may still carry a floor; the report says why the given one was not used.
  const committed = await readPreviousArtifact(read, previousVersion);
  return { ...committed, detail: `${passed.detail}; ${committed.detail}` };
}

/** The `from` release's own `release-safety.json`: its `upgrade` section carries `minPreviousVersion` forward. */
async function readPreviousArtifact(read: StageInput['read'], previousVersion: string): Promise<PreviousArtifactOutcome> {
  const text = await read('base', ARTIFACT_FILE_NAME);
  if (text === undefined) return { status: 'absent', detail: `no ${ARTIFACT_FILE_NAME} at the from ref` };
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (error) {
    return { status: 'invalid', detail: `${ARTIFACT_FILE_NAME} at the from ref is not JSON: ${describeError(error)}` };
  }
  return checkPreviousArtifact(
    data,
    `${ARTIFACT_FILE_NAME} at the from ref`,
    (version) => `${ARTIFACT_FILE_NAME} of ${version} at the from ref`,
    previousVersion,
  );
}

function checkPreviousArtifact(data: unknown, source: string, usedDetail: (version: string) => string, previousVersion: string): PreviousArtifactOutcome {
  const validation = validateArtifact(data);
  if (!validation.valid) {
    return { status: 'invalid', detail: `${source} is not schema-valid: ${validation.errors.slice(0, 3).join('; ')}` };
  }
  const artifact = data as ReleaseSafetyArtifact;
  // A stale file (another version than the from release) still carries a floor: dropping it would
  // only make direct jumps look allowed, so it is used and the mismatch is reported.
  const mismatch = artifact.version === previousVersion ? '' : ` (it describes ${artifact.version}, not ${previousVersion})`;
  return {
    status: 'used',
    detail: `${usedDetail(artifact.version)}${mismatch}`,
    upgrade: artifact.upgrade,
  };
}
