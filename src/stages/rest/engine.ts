import { compareText } from '../../core/compare-text.js';
import type { Finding } from '../../rules/types.js';
import type { ReadSibling } from './bundle.js';
import { diffSpecs, type RestDiff } from './diff.js';
import { loadSpec, SpecError } from './load.js';
import { buildModel, type RestSpec } from './model.js';
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

export async function compareSpecs(base: SpecText, revision: SpecText): Promise<RestComparison> {
  // One after the other (the work is CPU-bound anyway), so a failure always names the base first.
  const baseSpec = await modelOf(base);
  const revisionSpec = await modelOf(revision);
  const diff = diffSpecs(baseSpec, revisionSpec);
  const warnings = [...labelled(baseSpec.warnings, base.label), ...labelled(revisionSpec.warnings, revision.label)];
  return { findings: runRules(diff, revision.path), diff, warnings };
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
 * Every rule over one diff. The same finding reached twice (one change seen through two media
 * types of a body) is kept once; the order is stable (rule id, then parameters).
 */
function runRules(diff: RestDiff, file?: string): Finding<RestRuleId>[] {
  const unique = new Map<string, Finding<RestRuleId>>();
  const changes = specChanges(diff);
  for (const rule of restRules) {
    for (const finding of runRestRule(rule, changes) as Finding<RestRuleId>[]) {
      const key = `${finding.rule}\u0000${JSON.stringify(Object.entries(finding.params).sort(([a], [b]) => compareText(a, b)))}`;
      if (!unique.has(key)) unique.set(key, file === undefined ? finding : { ...finding, evidence: { file, ...finding.evidence } });
    }
  }
  return [...unique.entries()].sort(([a], [b]) => compareText(a, b)).map(([, finding]) => finding);
}
