import type { ConfigChange, ConfigSection } from '../../artifact/types.js';
import type { Stage, StageInput, StageResult } from '../contract.js';
import { diffEnvSurfaces, type EnvDiff } from './diff.js';
import { envFindings, rules } from './rules/index.js';
import { dependenciesOf } from './import-list.js';
import { collectSurfaces } from './surface.js';
import { compareText } from '../../core/compare-text.js';

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
          ...(Array.isArray(config.env.sources) ? config.env.sources : []).map((glob, index) => ({ key: `env.sources[${index}]`, path: glob, shape: 'glob' as const })),
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
    async (...args) => (await links()).analyseSource(...args),
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
    return result({ checked: false, breaking: breaking ? true : 'unknown', changes }, envFindings(diff), [...notes, ...unchangedNotes, ...(surfaces.notes ?? [])]);
  }
  return result({ checked: true, breaking, changes }, envFindings(diff), [...unchangedNotes, ...(surfaces.notes ?? [])]);
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
