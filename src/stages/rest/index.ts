import type { ApiSurfaceSection } from '../../artifact/types.js';
import type { Finding } from '../../rules/types.js';
import { apiSectionSummary, apiSectionVerdict, possibleMoveNote, uncheckedApiSection } from '../api-section.js';
import { normalConfigPath, type Side, type Stage, type StageInput, type StageResult, type WorkflowSpecFile } from '../contract.js';
import { mayHaveExternalRefs } from './bundle.js';
import { composeRestResult, type SurfaceOutcome } from './compose.js';
import { DEFAULT_STABILITY_EXTENSION, DEFAULT_SUNSET_EXTENSION, type RestPolicy } from './policy.js';
import { restRules } from './rules/index.js';
import { routeFindings, runRoutesSurface, selectSources } from './routes/surface.js';
import type { ShapeKind } from './routes/shape-closure.js';
import { ACCEPT_KEY, applyApiAcceptance, rulesWithSettings } from '../api-acceptance.js';
import { specAcceptance, type SpecAcceptance } from './acceptance.js';
import { cachedComparison, comparisonKey, recordingReader, type CachedComparison } from './comparison-cache.js';
import { cachedDocumented, documentedCacheKey, type CachedDocumented } from './documented-cache.js';

/**
 * The REST stage (surface `rest`): diffs the OpenAPI document(s) named by config `openapi` between
 * the two refs (or the two documents the workflow generated, `--openapi-base/--openapi-head`), and
 * the routes the code serves (config `routes`). The parser and the diff are loaded only when a
 * spec actually changed, so the CLI starts fast and identical specs cost no parse at all.
 */

const restRuleMetas = restRules.map((rule) => rule.meta);
const restRuleIds = new Set<string>(restRuleMetas.map((meta) => meta.id));

export const restStage: Stage<ApiSurfaceSection> = {
  surface: 'rest',
  rules: restRuleMetas,
  run: runRestStage,
  failClosed: uncheckedApiSection,
  configKeys: ['openapi', 'routes', 'rest'],
  configuredPaths: (config) => {
    const documents = typeof config.openapi === 'string' ? [config.openapi] : Array.isArray(config.openapi) ? config.openapi : [];
    const routes = config.routes && Array.isArray(config.routes.sources) ? config.routes.sources : [];
    return [
      ...documents.map((path, index) => ({
        key: Array.isArray(config.openapi) ? `openapi[${index}]` : 'openapi',
        path: normalConfigPath(path),
        shape: 'file' as const,
      })),
      ...routes.map((glob, index) => ({ key: `routes.sources[${index}]`, path: glob, shape: 'glob' as const })),
    ];
  },
  sectionVerdict: apiSectionVerdict,
  acceptance: { where: '`x-release-safety-accept: [{rule: <rule>, reason: …}]` on the operation, parameter or schema' },
  summary: apiSectionSummary,
};

async function runRestStage(input: StageInput): Promise<StageResult<ApiSurfaceSection>> {
  const [specs, routes] = await Promise.all([specsOutcome(input), runRoutesSurface(input)]);
  const rules = rulesWithSettings(restRuleMetas, input.acceptance);
  if (routes.outcome.kind === 'absent') return composeRestResult([specs], rules);
  // Served routes the spec does not list are the spec's blind spot (info): compared only when a spec is configured.
  const documented = routes.headRoutes.length > 0 ? await documentedOperations(input) : undefined;
  const findings = await routeFindings(routes, documented);
  // Routes are compared by method and path. Request/response shapes declared in code are compared
  // by the declared-shapes closure (routes/shape-closure.ts): each declaration followed through the
  // types and schemas it names, in whatever file they live, and compared at both refs.
  // - With no document compared at either ref, every shape declared for a document generated at run
  //   time (rallly v4.6.2 dropped `data.space` from a response schema in apps/web/src/app/api/private/schemas.ts).
  // - With a document, the routes kept out of it on purpose (lightdash's `@Hidden()` AI-agent
  //   controller required a new `name` in its create body, 0.1640.0; a body type in @lightdash/common
  //   can change with the controller untouched): the document does not hold their shapes.
  const compared = specCompared(input);
  const shapes = await declaredShapeNotes(input, compared ? 'hidden' : 'declared');
  const listed = (notes: readonly string[]) => `${notes.slice(0, 3).join('; ')}${notes.length > 3 ? `; and ${notes.length - 3} more` : ''}`;
  const shapeNotes: string[] = [];
  if (shapes.length > 0 && !compared)
    shapeNotes.push(
      `REST request/response shapes declared in code changed or cannot be followed, and are not compared without a document (${listed(shapes)}): commit the OpenAPI document it generates and configure it ("openapi", or the workflow's generated spec), routes alone compare methods and paths only`,
    );
  if (shapes.length > 0 && compared)
    shapeNotes.push(
      `REST routes left out of the generated document have request/response shapes that changed or cannot be followed (${listed(shapes)}): the document does not hold them; routes alone compare methods and paths only`,
    );
  const routesOutcome =
    shapeNotes.length > 0 ? { ...routes.outcome, kind: 'unchecked' as const, notes: [...shapeNotes, ...(routes.outcome.notes ?? [])] } : routes.outcome;
  // Routes have no document to write an acceptance in: only the config's rule settings apply.
  return composeRestResult([specs, { ...routesOutcome, ...accepting(input, findings) }], rules);
}

/** The declared-shapes notes of the configured route sources (none when the sources cannot be selected: the routes say why). */
async function declaredShapeNotes(input: StageInput, kind: ShapeKind): Promise<string[]> {
  if (!input.config.routes) return [];
  const selected = selectSources(input, input.config.routes);
  if (typeof selected === 'string') return [];
  const { changedDeclaredShapes, renderShapeNote } = await import('./routes/shape-closure.js');
  return (await changedDeclaredShapes(input, selected.selection, kind)).map(renderShapeNote);
}

/** The repository paths of the configured spec(s) (config `openapi`: one path or several). */
function configuredSpecPaths(configured: string | readonly string[]): string[] {
  return (typeof configured === 'string' ? [configured] : configured).map((path) => path.replace(/^\.\//, ''));
}

/** Whether an OpenAPI document is compared at this pair: workflow specs, or a configured spec present at either ref. */
function specCompared(input: StageInput): boolean {
  if (input.openapiFiles) return true;
  const configured = input.config.openapi;
  if (configured === false || configured === undefined) return false;
  return configuredSpecPaths(configured).some((path) => input.trees.base.has(path) || input.trees.head.has(path));
}

/**
 * `METHOD /normalized/path` of every operation of the head spec(s); `undefined` when no spec is
 * configured or one cannot be loaded. A configured spec's operations are kept in the derived cache
 * by blob id (documented-cache.ts), so a run whose comparison was cached does not model the spec
 * for the routes alone; in a run that compared it, its model comes from the engine's recent models.
 */
async function documentedOperations(input: StageInput): Promise<Set<string> | undefined> {
  if (input.openapiFiles) {
    const [{ preloadModel }, { documentedKey }, { specTextOf }] = await Promise.all([
      import('./engine.js'),
      import('./routes/diff.js'),
      import('./workflow-specs.js'),
    ]);
    try {
      const model = await preloadModel(specTextOf(input.openapiFiles.head));
      return new Set([...model.operations.values()].map((operation) => documentedKey(operation.method, operation.path)));
    } catch {
      return undefined; // the spec part reports why it cannot be loaded
    }
  }
  if (typeof input.config.openapi !== 'string' && !Array.isArray(input.config.openapi)) return undefined;
  const documented = new Set<string>();
  for (const configured of [input.config.openapi].flat()) {
    const operations = await documentedOperationsOf(input, configured.replace(/^\.\//, ''));
    if (operations === undefined) return undefined;
    for (const operation of operations) documented.add(operation);
  }
  return documented;
}

/** The documented operations of one configured spec at the head ref, from the derived cache when it holds them. */
async function documentedOperationsOf(input: StageInput, path: string): Promise<readonly string[] | undefined> {
  const blobId = input.trees.head.get(path);
  if (blobId === undefined) return undefined;
  const key = documentedCacheKey(path, blobId);
  const cached = cachedDocumented(input, key);
  if (cached !== undefined) return cached;
  const text = await input.read('head', path);
  if (text === undefined) return undefined;
  const [{ preloadModel }, { documentedKey }] = await Promise.all([import('./engine.js'), import('./routes/diff.js')]);
  const reads: CachedDocumented['reads'] = [];
  const unrecordable = { found: false };
  try {
    const model = await preloadModel({ text, path, readSibling: recordingReader(input, 'head', reads, unrecordable), ...selfContained(text, blobId) });
    const operations = [...model.operations.values()].map((operation) => documentedKey(operation.method, operation.path));
    if (!unrecordable.found) input.derivedCache?.set(key, { operations, reads } satisfies CachedDocumented);
    return operations;
  } catch {
    return undefined; // the spec part reports why it cannot be loaded
  }
}

async function specsOutcome(input: StageInput): Promise<SurfaceOutcome> {
  if (input.openapiFiles) return compareWorkflowSpecs(input.openapiFiles, input);
  const configured = input.config.openapi;
  if (configured === false) return { kind: 'absent' };
  if (configured === undefined) return { kind: 'unchecked', findings: [], notes: ['REST surface not configured'] };
  const outcomes = await Promise.all(configuredSpecPaths(configured).map((path) => compareSpecAtRefs(input, path)));
  const present = outcomes.flatMap((outcome) => (outcome.kind === 'absent' ? [] : [outcome]));
  return {
    kind: outcomes.some((outcome) => outcome.kind === 'unchecked') ? 'unchecked' : 'checked',
    findings: present.flatMap((outcome) => outcome.findings),
    notes: present.flatMap((outcome) => outcome.notes),
    acceptedFindings: present.flatMap((outcome) => outcome.acceptedFindings ?? []),
    accepted: present.flatMap((outcome) => outcome.accepted ?? []),
    acceptProblems: present.flatMap((outcome) => outcome.acceptProblems ?? []),
  };
}

async function compareSpecAtRefs(input: StageInput, specPath: string): Promise<SurfaceOutcome> {
  const unchecked = (reason: string): SurfaceOutcome => ({ kind: 'unchecked', findings: [], notes: [reason] });
  const baseBlob = input.trees.base.get(specPath);
  const headBlob = input.trees.head.get(specPath);
  if (headBlob === undefined && baseBlob === undefined) {
    // A document committed only in later (or earlier) releases: at this pair there is nothing to
    // compare, which is no difference. The API it would describe is still judged by the routes the
    // code serves when they are configured; without them nothing reads it, so it stays unknown.
    if (input.config.routes)
      return {
        kind: 'checked',
        findings: [],
        notes: [
          `REST spec ${specPath} (config "openapi") exists at neither ref: nothing to compare there; REST is judged from the routes read from code (config "routes")`,
        ],
      };
    return unchecked(
      `REST spec ${specPath} (config "openapi") exists at neither ref, and no routes are configured to judge REST from code instead (config "routes")`,
    );
  }
  // A spec at the base ref and not at the head ref is a real difference (deleted or moved): never hidden.
  if (headBlob === undefined) return unchecked(`REST spec ${specPath} (config "openapi") does not exist at the head ref`);
  if (baseBlob === undefined) {
    const moved = possibleMoveNote(input.changes, { label: `REST spec ${specPath}`, noun: 'spec', headRef: 'head ref' });
    if (moved) return unchecked(moved);
    // A surface that did not exist before cannot break its (non-existent) clients.
    return { kind: 'checked', findings: [], notes: [`REST spec ${specPath} is new at the head ref: nothing to compare`] };
  }
  if (baseBlob === headBlob && !(await mayReachChangedFiles(input, specPath))) return { kind: 'checked', findings: [], notes: [] };

  const readSpec = async (side: 'base' | 'head') => {
    const text = await input.read(side, specPath);
    if (text === undefined) throw new Error(`cannot read ${specPath} at the ${side} ref`);
    return text;
  };
  const policy = policyOf(input);
  const key = comparisonKey(specPath, baseBlob, headBlob, policy);
  const cached = cachedComparison(input, key);
  if (cached !== undefined && cached.findings.every((finding) => restRuleIds.has(finding.rule))) {
    // The cached comparison needs neither document; acknowledgements are read afresh from the head's,
    // and the base's is read only when the head holds one (issue 36: a warm generate skips 1 MB).
    let acceptance: SpecAcceptance | undefined;
    if (input.acceptance) {
      const headText = await readSpec('head');
      acceptance = await specAcceptance(headText.includes(ACCEPT_KEY) ? await readSpec('base') : undefined, headText, specPath, specPath);
    }
    return { kind: 'checked', ...accepting(input, cached.findings, acceptance), notes: cached.warnings.map((warning) => `REST spec warning: ${warning}`) };
  }
  const [baseText, headText] = await Promise.all([input.read('base', specPath), input.read('head', specPath)]);
  if (baseText === undefined || headText === undefined) throw new Error(`cannot read ${specPath} at the ${baseText === undefined ? 'base' : 'head'} ref`);
  const { compareSpecs } = await import('./engine.js');
  const { SpecError } = await import('./spec-error.js');
  const reads: CachedComparison['reads'] = [];
  const unrecordable = { found: false };
  try {
    const comparison = await compareSpecs(
      {
        text: baseText,
        path: specPath,
        label: 'base ref',
        readSibling: recordingReader(input, 'base', reads, unrecordable),
        ...selfContained(baseText, baseBlob),
      },
      {
        text: headText,
        path: specPath,
        label: 'head ref',
        readSibling: recordingReader(input, 'head', reads, unrecordable),
        ...selfContained(headText, headBlob),
      },
      policy,
    );
    if (!unrecordable.found) input.derivedCache?.set(key, { findings: comparison.findings, warnings: comparison.warnings, reads } satisfies CachedComparison);
    const acceptance = input.acceptance ? await specAcceptance(baseText, headText, specPath, specPath) : undefined;
    return {
      kind: 'checked',
      ...accepting(input, comparison.findings, acceptance),
      notes: comparison.warnings.map((warning) => `REST spec warning: ${warning}`),
    };
  } catch (error) {
    if (error instanceof SpecError) return unchecked(`REST spec cannot be checked: ${error.message}`);
    throw error;
  }
}

/** The two documents given on the command line (already loaded once, so their models come from the engine's cache). */
async function compareWorkflowSpecs(files: Readonly<Record<Side, WorkflowSpecFile>>, input: StageInput): Promise<SurfaceOutcome> {
  const [{ compareSpecs }, { specTextOf }] = await Promise.all([import('./engine.js'), import('./workflow-specs.js')]);
  const comparison = await compareSpecs(specTextOf(files.base, '--openapi-base'), specTextOf(files.head, '--openapi-head'), policyOf(input));
  // Evidence names the file as the user gave it (the engine addresses it by its file-system path).
  const findings: Finding[] = comparison.findings.map((finding) => ({ ...finding, evidence: { ...finding.evidence, file: files.head.source } }));
  const warnings = comparison.warnings.map((warning) => `REST spec warning: ${warning}`);
  const acceptance = input.acceptance ? await specAcceptance(files.base.text, files.head.text, files.head.path, files.head.source) : undefined;
  return {
    kind: 'checked',
    ...accepting(input, findings, acceptance),
    notes: [`REST specs from the workflow: ${files.base.source} (base) and ${files.head.source} (head)`, ...warnings],
  };
}

/** A part's findings with its acknowledgements applied (`x-release-safety-accept` in the spec, config rule settings). */
function accepting(input: StageInput, findings: Finding[], spec?: SpecAcceptance) {
  const applied = applyApiAcceptance(
    'rest',
    findings,
    { added: spec?.added ?? [], problems: spec?.problems ?? [] },
    spec?.covers ?? (() => false),
    restRuleMetas,
    input.acceptance,
  );
  return { findings: applied.remaining, acceptedFindings: applied.acceptedFindings, accepted: applied.accepted, acceptProblems: applied.problems };
}

/**
 * An unchanged spec can still change through a file it references. Decided without reading when
 * no JSON/YAML file changed at all; otherwise by a text scan of the spec for a `$ref` to another
 * file (one read, no parse).
 */
async function mayReachChangedFiles(input: StageInput, specPath: string): Promise<boolean> {
  if (!input.changes.some((change) => /\.(json|ya?ml)$/i.test(change.path) && change.path !== specPath)) return false;
  const blobId = input.trees.head.get(specPath);
  const known = blobId === undefined ? undefined : externalRefsByBlob.get(blobId);
  if (known !== undefined) return known;
  const text = await input.read('head', specPath);
  return text === undefined || hasExternalRefs(text, blobId);
}

/** A spec without `$ref`s to other files is its blob alone: its model can be reused by blob id. */
function selfContained(text: string, blobId: string): { blobId?: string } {
  return hasExternalRefs(text, blobId) ? {} : { blobId };
}

/**
 * The `$ref` scan of a spec blob, remembered by blob id: a backfill asks it of the same 1 MB spec for
 * every release that edits any JSON or YAML file (a `package.json` version bump is enough), and the
 * scan of a spec full of local `$ref`s is ≈ 0.5 ms per call (issue 36).
 */
const externalRefsByBlob = new Map<string, boolean>();
const EXTERNAL_REFS_LIMIT = 1_000;

function hasExternalRefs(text: string, blobId: string | undefined): boolean {
  const known = blobId === undefined ? undefined : externalRefsByBlob.get(blobId);
  if (known !== undefined) return known;
  const found = mayHaveExternalRefs(text);
  if (blobId !== undefined) {
    if (externalRefsByBlob.size >= EXTERNAL_REFS_LIMIT) externalRefsByBlob.clear();
    externalRefsByBlob.set(blobId, found);
  }
  return found;
}

/** The config's extension names (defaults: oasdiff's) and the release's date, which sunsets are compared with. */
function policyOf(input: StageInput): RestPolicy {
  return {
    stabilityExtension: input.config.rest?.stabilityExtension ?? DEFAULT_STABILITY_EXTENSION,
    sunsetExtension: input.config.rest?.sunsetExtension ?? DEFAULT_SUNSET_EXTENSION,
    ...(input.releaseDate === undefined ? {} : { today: input.releaseDate }),
  };
}
