import { compareText } from '../../core/compare-text.js';
import type { Finding } from '../../rules/types.js';
import type { ReadSibling } from './bundle.js';
import { diffSpecs, type RestDiff, type UnstableOperationChange } from './diff.js';
import { loadSpec, SpecError } from './load.js';
import { buildModel, type RestSpec } from './model.js';
import { DEFAULT_POLICY, isUnstable, stabilityOf, type RestPolicy } from './policy.js';
import { restRules, type RestRuleId } from './rules/index.js';
import { runRestRule, specChanges } from './rule.js';

/**
 * The REST engine, from two spec texts to findings: load (JSON/YAML, structural validation),
 * build the internal model, diff, run every rule. Pure: no git, no disk.
 * Throws `SpecError` when a spec cannot be loaded.
 */

export interface SpecText {
  text: string;
  /** Where the spec lives (for messages and evidence); `.json` picks the JSON parser. */
  path: string;
  /** Which spec this is in error messages, e.g. `base ref`. */
  label?: string;
  /** Reads other files of the same tree at the same ref, to follow `$ref`s into them. */
  readSibling?: ReadSibling;
  /**
   * The spec's git blob id, when the model depends on that blob alone (no `$ref` to another file).
   * In a backfill the head spec of one release is the base spec of the next: it is parsed once.
   */
  blobId?: string;
}

export interface RestComparison {
  findings: Finding<RestRuleId>[];
  diff: RestDiff;
  /** Recoverable problems of both documents (base first, each naming its file and side): report them beside the findings. */
  warnings: string[];
}

/** `policy`: the team's extension names and the `--to` commit's date (default: oasdiff's names, no date). */
export async function compareSpecs(base: SpecText, revision: SpecText, policy: RestPolicy = DEFAULT_POLICY): Promise<RestComparison> {
  // One after the other (the work is CPU-bound anyway), so a failure always names the base first.
  const baseSpec = await modelOf(base);
  const revisionSpec = await modelOf(revision);
  const { diff, otherFindings } = setAsideUnstable(diffSpecs(baseSpec, revisionSpec, policy));
  const warnings = [...labelled(baseSpec.warnings, base.label), ...labelled(revisionSpec.warnings, revision.label)];
  return { findings: runRules(diff, revision.path, otherFindings), diff, warnings };
}

function labelled(warnings: readonly string[], label: string | undefined): string[] {
  return label === undefined ? [...warnings] : warnings.map((warning) => `${warning} (${label})`);
}

/**
 * Loads (and, when it has a blob id, caches) one spec's model: a document given on the command line
 * is checked before the stages run; the routes surface reads which operations the head spec documents.
 */
export async function preloadModel(spec: SpecText): Promise<RestSpec> {
  return modelOf(spec);
}

/** Models of recently compared specs by blob id; two are enough for consecutive pairs (models are never mutated). */
const recentModels = new Map<string, RestSpec>();
const RECENT_MODELS = 2;

async function modelOf(spec: SpecText): Promise<RestSpec> {
  const cached = spec.blobId === undefined ? undefined : recentModels.get(spec.blobId);
  if (cached) return cached;
  try {
    const model = buildModel(await loadSpec(spec.text, spec.path, spec.readSibling));
    if (spec.blobId !== undefined) {
      recentModels.set(spec.blobId, model);
      if (recentModels.size > RECENT_MODELS) recentModels.delete(recentModels.keys().next().value!);
    }
    return model;
  } catch (error) {
    if (error instanceof SpecError && spec.label) throw new SpecError(`${error.message} (${spec.label})`);
    throw error;
  }
}

/**
 * Every rule over one diff. The same finding reached twice is kept once (a change seen through two
 * media types of a body is not the same finding: each names its media type, rule.ts); the order is
 * stable (rule id, then parameters).
 */
function runRules(diff: RestDiff, file?: string, more: readonly Finding<RestRuleId>[] = []): Finding<RestRuleId>[] {
  const unique = new Map<string, Finding<RestRuleId>>();
  const changes = specChanges(diff);
  for (const finding of [...restRules.flatMap((rule) => runRestRule(rule, changes) as Finding<RestRuleId>[]), ...more]) {
    const key = `${finding.rule}\u0000${JSON.stringify(Object.entries(finding.params).sort(([a], [b]) => compareText(a, b)))}`;
    if (!unique.has(key)) unique.set(key, file === undefined ? finding : { ...finding, evidence: { file, ...finding.evidence } });
  }
  return [...unique.entries()].sort(([a], [b]) => compareText(a, b)).map(([, finding]) => finding);
}

/**
 * Operations whose base is `draft` or `alpha` leave the diff: their callers accepted that they may
 * change. The rules still run on each of them alone; its breaking findings become one advisory
 * (`api-unstable-operation-changed`) naming those rules, and its other findings stay as they are.
 */
function setAsideUnstable(diff: RestDiff): { diff: RestDiff; otherFindings: Finding<RestRuleId>[] } {
  const levelOf = (operation: { extensions: Readonly<Record<string, unknown>> }) => {
    const stability = stabilityOf(operation.extensions, diff.policy);
    return isUnstable(stability) ? stability.level : undefined;
  };
  const unstableKeys = new Map<string, 'draft' | 'alpha'>();
  for (const { operation } of diff.operationsRemoved) {
    const level = levelOf(operation);
    if (level) unstableKeys.set(operation.key, level);
  }
  for (const { base } of diff.operationsChanged) {
    const level = levelOf(base);
    if (level) unstableKeys.set(base.key, level);
  }
  // A security scheme redefined reaches operations whose own content did not change (same stability on both sides).
  for (const { operation } of diff.securitySchemesChanged) {
    const level = levelOf(operation);
    if (level) unstableKeys.set(operation.key, level);
  }
  if (unstableKeys.size === 0) return { diff, otherFindings: [] };
  const empty = { ...diff, operationsAdded: [], operationsRemoved: [], operationsChanged: [], securitySchemesChanged: [], unstableOperations: [] };
  const unstableOperations: UnstableOperationChange[] = [];
  const otherFindings: Finding<RestRuleId>[] = [];
  for (const [key, stability] of unstableKeys) {
    const alone: RestDiff = {
      ...empty,
      operationsRemoved: diff.operationsRemoved.filter(({ operation }) => operation.key === key),
      operationsChanged: diff.operationsChanged.filter(({ base }) => base.key === key),
      securitySchemesChanged: diff.securitySchemesChanged.filter(({ operation }) => operation.key === key),
    };
    const findings = restRules.flatMap((rule) => runRestRule(rule, specChanges(alone)) as Finding<RestRuleId>[]);
    const breaking = new Set(findings.filter((finding) => ruleLevel.get(finding.rule) === 'breaking').map((finding) => finding.rule as string));
    otherFindings.push(...findings.filter((finding) => ruleLevel.get(finding.rule) !== 'breaking'));
    const operation = alone.operationsChanged[0]?.revision ?? alone.operationsRemoved[0]?.operation ?? alone.securitySchemesChanged[0]!.operation;
    if (breaking.size > 0) unstableOperations.push({ operation, stability, rules: [...breaking].sort(compareText) });
  }
  const stable: RestDiff = {
    ...diff,
    operationsRemoved: diff.operationsRemoved.filter(({ operation }) => !unstableKeys.has(operation.key)),
    operationsChanged: diff.operationsChanged.filter(({ base }) => !unstableKeys.has(base.key)),
    securitySchemesChanged: diff.securitySchemesChanged.filter(({ operation }) => !unstableKeys.has(operation.key)),
    unstableOperations,
  };
  return { diff: stable, otherFindings };
}

const ruleLevel: ReadonlyMap<string, string> = new Map(restRules.map((rule) => [rule.meta.id, rule.meta.level]));
