import type { ConfigChange, ConfigSection } from '../../artifact/types.js';
import type { Stage, StageInput, StageResult } from '../contract.js';
import { diffEnvSurfaces, type EnvDiff } from './diff.js';
import { envFindings, rules } from './rules/index.js';
import { dependenciesOf, extensionOf, type TreeView } from './import-list.js';
import type { Extraction } from './extract-reads.js';
import type { ExtractConfig } from './module-links.js';
import type { DerivedCache } from '../contract.js';
import { collectSurfaces } from './surface.js';
import { compareText } from '../../core/compare-text.js';
import { moduleLayoutKey } from '../code-closure.js';

export { rules } from './rules/index.js';

/**
 * Env-config stage: the environment variables the service reads (@babel/parser over the configured
 * sources) and documents (`.env` examples), diffed between the refs. Removed, renamed and
 * changed-default variables are breaking; new ones are only reported.
 */
export const configStage: Stage<ConfigSection> = {
  surface: 'config',
  rules,
  run: runConfigStage,
  failClosed: uncheckedSection,
  configKeys: ['env'],
  configuredPaths: (config) =>
    config.env
      ? [
          ...(Array.isArray(config.env.sources) ? config.env.sources : []).map((glob, index) => ({
            key: `env.sources[${index}]`,
            path: glob,
            shape: 'glob' as const,
          })),
          ...(config.env.envFiles ?? []).map((glob, index) => ({ key: `env.envFiles[${index}]`, path: glob, shape: 'glob' as const })),
        ]
      : [],
  sectionVerdict: (section) => ({ checked: section.checked, breaking: section.breaking }),
  acceptance: { refused: 'environment-variable changes cannot be accepted (yet): keep the old name or default, or declare the break' },
  summary: (section) => `${section.changes.length} change(s)`,
};

async function runConfigStage(input: StageInput): Promise<StageResult<ConfigSection>> {
  const env = input.config.env;
  if (env === false) return result({ checked: true, breaking: false, changes: [] }, [], []);
  if (env === undefined) return result(uncheckedSection(), [], ['env surface not configured']);

  // The parser loads only when a source (or a file one imports) changed; what a file imports is
  // found without it, and kept in the derived cache by blob id.
  const links = () => import('./module-links.js');
  const surfaces = await collectSurfaces(
    input,
    env,
    async (path, tree, extractConfig) => {
      // A file's reads depend on its blob, the config and the blobs of the files it imports (what
      // module-links follows): kept in the derived cache under that key, a later run parses nothing.
      const key = await extractionKey(path, tree, extractConfig, input.derivedCache);
      const cached = key === undefined ? undefined : input.derivedCache?.get(key);
      if (isExtraction(cached)) return cached;
      const extraction = await (await links()).analyseSource(path, tree, extractConfig);
      if (key !== undefined) input.derivedCache?.set(key, extraction);
      return extraction;
    },
    (path, tree) => dependenciesOf(path, tree, input.derivedCache),
  );
  if (surfaces.kind === 'unreadable') {
    return result(uncheckedSection(), [], [...surfaces.reasons.map((reason) => `env surface could not be checked: ${reason}`), ...(surfaces.notes ?? [])]);
  }
  if (surfaces.kind === 'unchanged') return result({ checked: true, breaking: false, changes: [] }, [], surfaces.notes ?? []);

  const diff = diffEnvSurfaces(surfaces.base, surfaces.head);
  const changes = sectionChanges(diff);
  // A variable that became required breaks as surely as a removed one; `config.changes` has no type
  // for it (the artifact's ConfigChange), so it stands in the findings and the verdict only.
  const breaking = changes.length > 0 || diff.becameRequired.length > 0;
  const unresolved = [...surfaces.unresolved, ...diff.unproven.map((entry) => entry.reason)];
  const unchangedNotes = surfaces.unchangedConstructs.map((construct) => `env surface: not read but identical at both refs: ${construct}`);
  if (unresolved.length > 0) {
    // Reads we cannot name hide what the release changed: proven breaks stand, nothing else is claimed.
    const notes = unresolved.map((reason) => `env surface not fully read: ${reason}`);
    return result({ checked: false, breaking: breaking ? true : 'unknown', changes }, envFindings(diff), [
      ...notes,
      ...unchangedNotes,
      ...(surfaces.notes ?? []),
    ]);
  }
  return result({ checked: true, breaking, changes }, envFindings(diff), [...unchangedNotes, ...(surfaces.notes ?? [])]);
}

/** Bump when what an extraction holds, or how it is made, changes. */
const EXTRACTION_KIND = 'env-extraction/2';

async function extractionKey(path: string, tree: TreeView, config: ExtractConfig, cache: DerivedCache | undefined): Promise<string | undefined> {
  const blob = tree.blobOf(path);
  if (cache === undefined || blob === undefined) return undefined;
  const dependencies = await dependenciesOf(path, tree, cache);
  return JSON.stringify([
    EXTRACTION_KIND,
    blob,
    extensionOf(path),
    /\.d\.[cm]?ts$/i.test(path),
    config.helpers,
    config.objects,
    dependencies.map((dependency) => [dependency, tree.blobOf(dependency) ?? null]),
    // Which file an alias or a workspace package names depends on the layout.
    tree.layout === undefined ? null : moduleLayoutKey(tree.layout),
  ]);
}

/** Cache entries are untrusted: only the shape an extraction has is taken. */
function isExtraction(value: unknown): value is Extraction {
  if (value === null || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  if (entry.ok === false) return typeof entry.line === 'number' && typeof entry.message === 'string';
  const isRead = (read: unknown) => {
    const r = read as Record<string, unknown> | null;
    return (
      r !== null &&
      typeof r === 'object' &&
      typeof r.name === 'string' &&
      typeof r.line === 'number' &&
      typeof r.shape === 'string' &&
      typeof r.statement === 'string' &&
      (r.default === null || typeof r.default === 'string')
    );
  };
  const isUnresolved = (item: unknown) => {
    const u = item as Record<string, unknown> | null;
    return u !== null && typeof u === 'object' && typeof u.line === 'number' && typeof u.reason === 'string';
  };
  return (
    entry.ok === true &&
    Array.isArray(entry.reads) &&
    entry.reads.every(isRead) &&
    Array.isArray(entry.unresolved) &&
    entry.unresolved.every(isUnresolved) &&
    (entry.decoratorModules === undefined || (Array.isArray(entry.decoratorModules) && entry.decoratorModules.every((item) => typeof item === 'string')))
  );
}

/** The artifact's `config.changes`: breaking changes only (new variables stay in the report), sorted by name then type. */
export function sectionChanges(diff: EnvDiff): ConfigChange[] {
  const changes: ConfigChange[] = [
    ...diff.removed.map(({ name, previousDefault }): ConfigChange => ({ type: 'removed', name, previousDefault })),
    ...diff.renamed.map(({ name, previousName, defaultValue }): ConfigChange => ({ type: 'renamed', name, previousName, defaultValue })),
    ...diff.defaultChanged.map(({ name, previousDefault, defaultValue }): ConfigChange => ({ type: 'defaultChanged', name, previousDefault, defaultValue })),
  ];
  return changes.sort((a, b) => compareText(a.name, b.name) || compareText(a.type, b.type));
}

function uncheckedSection(): ConfigSection {
  return { checked: false, breaking: 'unknown', changes: [] };
}

function result(section: ConfigSection, findings: StageResult<ConfigSection>['findings'], notes: string[]): StageResult<ConfigSection> {
  return { section, verdict: { checked: section.checked, breaking: section.breaking }, findings, notes };
}
