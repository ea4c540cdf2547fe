import type { ApiSurfaceSection } from '../../artifact/types.js';
import { absentApiSection, apiSectionFromFindings, possibleMoveNote, uncheckedApiResult, uncheckedApiSection } from '../api-section.js';
import type { Side, Stage, StageInput, StageResult } from '../contract.js';
import { mayHaveExternalRefs } from './bundle.js';
import { restRules } from './rules/index.js';

/**
 * The REST stage (surface `rest`): diffs the OpenAPI document named by config `openapi` between
 * the two refs. The parser and the diff are loaded only when a spec actually changed, so the CLI
 * starts fast and identical specs cost no parse at all.
 */

const restRuleMetas = restRules.map((rule) => rule.meta);

export const restStage: Stage<ApiSurfaceSection> = {
  surface: 'rest',
  rules: restRuleMetas,
  run: runRestStage,
  failClosed: uncheckedApiSection,
};

async function runRestStage(input: StageInput): Promise<StageResult<ApiSurfaceSection>> {
  const configured = input.config.openapi;
  if (configured === false) return { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] };
  if (configured === undefined) return uncheckedApiResult('REST surface not configured');
  const specPath = configured.replace(/^\.\//, '');
  const baseBlob = input.trees.base.get(specPath);
  const headBlob = input.trees.head.get(specPath);
  if (headBlob === undefined) {
    return uncheckedApiResult(`REST spec ${specPath} (config "openapi") does not exist at the head ref`);
  }
  if (baseBlob === undefined) {
    const moved = possibleMoveNote(input.changes, { label: `REST spec ${specPath}`, noun: 'spec', headRef: 'head ref' });
    if (moved) return uncheckedApiResult(moved);
    // A surface that did not exist before cannot break its (non-existent) clients.
    return { ...checkedResult([]), notes: [`REST spec ${specPath} is new at the head ref: nothing to compare`] };
  }
  if (baseBlob === headBlob && !(await mayReachChangedFiles(input, specPath))) return checkedResult([]);

  const [baseText, headText] = await Promise.all([input.read('base', specPath), input.read('head', specPath)]);
  if (baseText === undefined || headText === undefined) throw new Error(`cannot read ${specPath} at the ${baseText === undefined ? 'base' : 'head'} ref`);
  const { compareSpecs } = await import('./engine.js');
  const { SpecError } = await import('./spec-error.js');
  const sibling = (side: Side) => (path: string) => input.read(side, path);
  try {
    const comparison = await compareSpecs(
      { text: baseText, path: specPath, label: 'base ref', readSibling: sibling('base'), ...selfContained(baseText, baseBlob) },
      { text: headText, path: specPath, label: 'head ref', readSibling: sibling('head'), ...selfContained(headText, headBlob) },
    );
    return checkedResult(comparison.findings);
  } catch (error) {
    if (error instanceof SpecError) return uncheckedApiResult(`REST spec cannot be checked: ${error.message}`);
    throw error;
  }
}

/**
 * An unchanged spec can still change through a file it references. Decided without reading when
 * no JSON/YAML file changed at all; otherwise by a text scan of the spec for a `$ref` to another
 * file (one read, no parse).
 */
async function mayReachChangedFiles(input: StageInput, specPath: string): Promise<boolean> {
  if (!input.changes.some((change) => /\.(json|ya?ml)$/i.test(change.path) && change.path !== specPath)) return false;
  const text = await input.read('head', specPath);
  return text === undefined || mayHaveExternalRefs(text);
}

/** A spec without `$ref`s to other files is its blob alone: its model can be reused by blob id. */
function selfContained(text: string, blobId: string): { blobId?: string } {
  return mayHaveExternalRefs(text) ? {} : { blobId };
}

function checkedResult(findings: StageResult<ApiSurfaceSection>['findings']): StageResult<ApiSurfaceSection> {
  const section = apiSectionFromFindings(findings, restRuleMetas);
  return { section, verdict: { checked: true, breaking: section.breaking }, findings, notes: [] };
}
