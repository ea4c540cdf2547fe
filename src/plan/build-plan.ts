import type { ConfigChange, IndexEntry, MigrationFile, ReleaseSafetyArtifact, Strategy } from '../artifact/types.js';
import { compareVersionTexts } from '../core/version.js';
import type { SpanVerdict } from '../span/types.js';

/**
 * `upgrade-plan`: the operator's checklist, computed from the span verdict (the same one
 * `upgrade-check` prints) and the per-release artifacts of the span. Pure: loading is the CLI's.
 */
export interface Hop {
  from: string;
  to: string;
  /** Releases this hop applies, ascending. */
  releases: string[];
  strategy: Strategy;
  /** Why Recreate (the releases that are not proven rolling-safe), or why a stop ends here. */
  why: string[];
}

export interface ReleaseDetail {
  version: string;
  rollingUpdateSafe: IndexEntry['rollingUpdateSafe'];
  /** Undefined when the artifact could not be had (the plan is then incomplete). */
  artifact?: ReleaseSafetyArtifact;
  /** Why the artifact is missing (not in the folder, HTTP 404, invalid…). */
  missing?: string;
}

export interface EnvAction {
  release: string;
  variable: string;
  /** What the deployment must change, in one line. */
  edit: string;
}

export interface UsedChange {
  release: string;
  /** The operation or tool the operator uses. */
  used: string;
  change: string;
}

export interface UsesCheck {
  used: string[];
  changes: UsedChange[];
  /** Releases whose change lists were capped or missing: a used operation may hide there. */
  unverifiable: string[];
}

export interface UpgradePlan {
  span: SpanVerdict;
  hops: Hop[];
  releases: ReleaseDetail[];
  heavyMigrations: { release: string; file: MigrationFile }[];
  configChanges: { release: string; change: ConfigChange }[];
  declaredBreaks: { release: string; file: string; line: number; reason: string; requiredStop: boolean }[];
  breakingApiChanges: { release: string; surface: 'rest' | 'mcp'; change: string }[];
  /** With `--env-file`: the edits the deployment needs; undefined without one. */
  envActions?: EnvAction[];
  /** With `--uses`: the breaking changes that touch what the operator calls. */
  uses?: UsesCheck;
  /** Every release of the span has its artifact. */
  complete: boolean;
  /** Exit 0 only when the span is proven rolling-safe and the plan is complete. */
  safe: boolean;
}

export interface PlanInput {
  span: SpanVerdict;
  entries: readonly IndexEntry[];
  artifacts: ReadonlyMap<string, { artifact?: ReleaseSafetyArtifact; missing?: string }>;
  env?: ReadonlyMap<string, string>;
  uses?: readonly string[];
}

const isHeavy = (file: MigrationFile) => Object.values(file.heaviness).some((flag) => flag !== false);

export function buildPlan(input: PlanInput): UpgradePlan {
  const { span } = input;
  const entryOf = new Map(input.entries.map((entry) => [entry.version, entry]));
  const releases: ReleaseDetail[] = span.coveredVersions.map((version) => ({
    version,
    rollingUpdateSafe: entryOf.get(version)?.rollingUpdateSafe ?? 'unknown',
    ...input.artifacts.get(version),
  }));
  const withArtifact = releases.filter((release): release is ReleaseDetail & { artifact: ReleaseSafetyArtifact } => release.artifact !== undefined);
  const complete = releases.every((release) => release.artifact !== undefined);
  const plan: UpgradePlan = {
    span,
    hops: hops(span, releases),
    releases,
    heavyMigrations: withArtifact.flatMap((release) => release.artifact.migrations.files.filter(isHeavy).map((file) => ({ release: release.version, file }))),
    configChanges: withArtifact.flatMap((release) => release.artifact.config.changes.map((change) => ({ release: release.version, change }))),
    declaredBreaks: withArtifact.flatMap((release) => release.artifact.declaredBreaks.map((declared) => ({ release: release.version, ...declared }))),
    breakingApiChanges: withArtifact.flatMap((release) => [
      ...release.artifact.api.rest.changes.map((change) => ({ release: release.version, surface: 'rest' as const, change })),
      ...release.artifact.api.mcp.changes.map((change) => ({ release: release.version, surface: 'mcp' as const, change })),
    ]),
    complete,
    safe: span.safe && complete,
  };
  if (input.env) plan.envActions = envActions(plan.configChanges, input.env);
  if (input.uses) plan.uses = usesCheck(releases, input.uses);
  return plan;
}

/** The path through the required stops, each hop with its strategy. */
function hops(span: SpanVerdict, releases: readonly ReleaseDetail[]): Hop[] {
  if (span.direction !== 'upgrade') return [];
  const path = [span.fromVersion, ...span.requiredStops, span.toVersion];
  const result: Hop[] = [];
  for (let leg = 1; leg < path.length; leg++) {
    const from = path[leg - 1]!;
    const to = path[leg]!;
    const inHop = releases.filter((release) => compareVersionTexts(release.version, from) > 0 && compareVersionTexts(release.version, to) <= 0);
    const notProven = inHop.filter((release) => release.rollingUpdateSafe !== true);
    const why = notProven.map(
      (release) => `${release.version} is ${release.rollingUpdateSafe === false ? 'not rolling-safe' : 'not proven rolling-safe (unknown)'}`,
    );
    if (leg < path.length - 1) why.push(`${to} is a required stop: upgrade to it, let its migrations run, then continue`);
    if (inHop.length === 0) why.push(`no release of the index lies in ${from} → ${to}`);
    result.push({
      from,
      to,
      releases: inHop.map((release) => release.version),
      strategy: notProven.length === 0 && inHop.length > 0 ? 'RollingUpdate' : 'Recreate',
      why,
    });
  }
  return result;
}

const shown = (value: string | null) => (value === null ? '(none)' : JSON.stringify(value));

/**
 * The config changes that touch this deployment: a variable it still sets under a removed or old
 * name, and a changed default it relies on because it does not set the variable.
 */
export function envActions(changes: UpgradePlan['configChanges'], env: ReadonlyMap<string, string>): EnvAction[] {
  const actions: EnvAction[] = [];
  for (const { release, change } of changes) {
    if (change.type === 'renamed' && env.has(change.previousName)) {
      actions.push({
        release,
        variable: change.previousName,
        edit: env.has(change.name)
          ? `remove ${change.previousName} (renamed to ${change.name}, which you also set)`
          : `rename ${change.previousName} to ${change.name} (${release} reads only the new name; keep the value ${shown(env.get(change.previousName)!)})`,
      });
    } else if (change.type === 'removed' && env.has(change.name)) {
      actions.push({ release, variable: change.name, edit: `remove ${change.name}: ${release} no longer reads it` });
    } else if (change.type === 'defaultChanged' && !env.has(change.name)) {
      actions.push({
        release,
        variable: change.name,
        edit: `you rely on the default of ${change.name}: it changes from ${shown(change.previousDefault)} to ${shown(change.defaultValue)}; set ${change.name}=${change.previousDefault ?? ''} to keep the old behaviour`,
      });
    }
  }
  return actions;
}

/** `METHOD /path` with path parameters erased, for matching `GET /a/{id}` against `GET /a/:uuid`. */
export function operationKey(text: string): string | undefined {
  const match = /^(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE)\s+(\/\S*)/i.exec(text.trim());
  if (!match) return undefined;
  const path = match[2]!.replace(/\{[^}]*\}|:[A-Za-z_][A-Za-z0-9_]*/g, '{}').replace(/\/+$/, '');
  return `${match[1]!.toUpperCase()} ${path === '' ? '/' : path}`;
}

function usesCheck(releases: readonly ReleaseDetail[], uses: readonly string[]): UsesCheck {
  const operations = new Map<string, string>();
  const tools = new Set<string>();
  for (const use of uses) {
    const key = operationKey(use);
    if (key) operations.set(key, use.trim());
    else tools.add(use.trim());
  }
  const changes: UsedChange[] = [];
  const unverifiable: string[] = [];
  for (const release of releases) {
    if (!release.artifact) {
      unverifiable.push(release.version);
      continue;
    }
    const { rest, mcp } = release.artifact.api;
    // A capped list (`… and N more`) or an unchecked surface may hide a change to what is used.
    if (rest.changes.length < rest.breakingCount || mcp.changes.length < mcp.breakingCount || rest.breaking === 'unknown' || mcp.breaking === 'unknown') {
      unverifiable.push(release.version);
    }
    for (const change of rest.changes) {
      const key = operationKey(change);
      const used = key === undefined ? undefined : operations.get(key);
      if (used !== undefined) changes.push({ release: release.version, used, change });
    }
    for (const change of mcp.changes) {
      const tool = /^tool "([^"]+)"/.exec(change)?.[1];
      if (tool !== undefined && tools.has(tool)) changes.push({ release: release.version, used: tool, change });
    }
  }
  return { used: [...operations.values(), ...tools], changes, unverifiable };
}
