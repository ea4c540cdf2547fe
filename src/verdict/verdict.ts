import type {
  ApiSurfaceSection,
  CompatibilitySection,
  ConfigSection,
  DeclaredBreak,
  MigrationsSection,
  SurfaceState,
  UpgradeSection,
} from '../artifact/types.js';
import { compareVersions, parseVersion } from '../core/version.js';
import { anyTrue, type Tri } from '../core/tristate.js';
import type { Surface } from '../rules/types.js';
import type { StageVerdict } from '../stages/contract.js';

/**
 * The verdict (pure): stage results → `compatibility` and `upgrade`. Only proven safety is `true`:
 *
 * | any surface proven breaking, heavy or declared | every surface checked, all `breaking: false` | rollingUpdateSafe |
 * |---|---|---|
 * | yes | – | `false` |
 * | no | yes | `true` |
 * | no | no | `unknown` |
 *
 * A surface's effective state folds the stage's own verdict with its section, so an inconsistent
 * stage can only make the answer more cautious, never less.
 */
export const SURFACES: readonly Surface[] = ['migrations', 'rest', 'mcp', 'config', 'declarations'];

export interface VerdictInput {
  version: string;
  stages: Readonly<Record<Surface, StageVerdict>>;
  migrations: MigrationsSection;
  rest: ApiSurfaceSection;
  mcp: ApiSurfaceSection;
  config: ConfigSection;
  declaredBreaks: readonly DeclaredBreak[];
  /** The `upgrade` section of the `from` release's own artifact, when it had a valid one. */
  previousUpgrade?: UpgradeSection;
}

export type { SurfaceState };

/** Why the verdict is not `true`, one line per cause, for the report. */
export interface VerdictReason {
  surface: Surface;
  cause: 'breaking' | 'heavy-migration' | 'declared-break' | 'unchecked' | 'unknown';
  detail: string;
}

export interface Verdict {
  compatibility: CompatibilitySection;
  upgrade: UpgradeSection;
  surfaces: Record<Surface, SurfaceState>;
  reasons: VerdictReason[];
  /** How `minPreviousVersion` was reached, for the report. */
  minPreviousVersionSource: 'none' | 'carried' | 'required-stop';
}

export function decideVerdict(input: VerdictInput): Verdict {
  const reasons: VerdictReason[] = [];
  const surfaces = {} as Record<Surface, SurfaceState>;

  const heavinessFlags = input.migrations.files.flatMap((file) => [file.heaviness.locksTable, file.heaviness.rewritesTable, file.heaviness.scansTable]);
  const heaviness = anyTrue(heavinessFlags);
  surfaces.migrations = fold(input.stages.migrations, {
    checked: input.migrations.present !== 'unknown',
    breaking: heaviness,
  });
  if (heaviness === true) reasons.push({ surface: 'migrations', cause: 'heavy-migration', detail: heavyFileNames(input.migrations) });

  surfaces.rest = fold(input.stages.rest, input.rest);
  surfaces.mcp = fold(input.stages.mcp, input.mcp);
  surfaces.config = fold(input.stages.config, input.config);
  const declared = input.declaredBreaks.length > 0;
  surfaces.declarations = fold(input.stages.declarations, { checked: true, breaking: declared });
  if (declared) {
    reasons.push({ surface: 'declarations', cause: 'declared-break', detail: `${input.declaredBreaks.length} declared break(s)` });
  }

  for (const surface of SURFACES) {
    const state = surfaces[surface];
    const alreadyExplained = reasons.some((reason) => reason.surface === surface);
    if (state.breaking === true && !alreadyExplained) reasons.push({ surface, cause: 'breaking', detail: 'breaking changes found' });
    else if (!state.checked) reasons.push({ surface, cause: 'unchecked', detail: 'not checked' });
    else if (state.breaking === 'unknown') {
      const unclassified = surface === 'migrations' ? filesWithFlag(input.migrations, 'unknown') : [];
      const detail = unclassified.length > 0 ? `unclassified migration(s): ${unclassified.join(', ')}` : 'could not be classified';
      reasons.push({ surface, cause: 'unknown', detail });
    }
  }

  // Proven causes first: they alone decide a `false`; the unknowns follow.
  const proven = new Set<VerdictReason['cause']>(['heavy-migration', 'declared-break', 'breaking']);
  reasons.sort((a, b) => Number(proven.has(b.cause)) - Number(proven.has(a.cause)));

  const states = SURFACES.map((surface) => surfaces[surface]);
  const rollingUpdateSafe: Tri = states.some((state) => state.breaking === true)
    ? false
    : states.every((state) => state.checked && state.breaking === false)
      ? true
      : 'unknown';

  const { minPreviousVersion, source } = minPreviousVersionFrom(input.previousUpgrade);
  return {
    compatibility: { rollingUpdateSafe, recommendedStrategy: rollingUpdateSafe === true ? 'RollingUpdate' : 'Recreate' },
    upgrade: {
      minPreviousVersion,
      // This release's own stop: a declared required stop makes every later upgrade pass through it.
      requiredStops: input.declaredBreaks.some((item) => item.requiredStop) ? [input.version] : [],
    },
    surfaces,
    reasons,
    minPreviousVersionSource: source,
  };
}

/** A stage verdict folded with what its section claims: unchecked is never "not breaking". */
function fold(stage: StageVerdict, section: SurfaceState): SurfaceState {
  const checked = stage.checked && section.checked;
  const breaking = anyTrue([stage.breaking, section.breaking]);
  return { checked, breaking: !checked && breaking === false ? 'unknown' : breaking };
}

function heavyFileNames(migrations: MigrationsSection): string {
  return `heavy migration(s): ${filesWithFlag(migrations, true).join(', ')}`;
}

function filesWithFlag(migrations: MigrationsSection, flag: Tri): string[] {
  return migrations.files.filter((file) => Object.values(file.heaviness).includes(flag)).map((file) => file.name);
}

/**
 * `minPreviousVersion` (span rules 2–3): the floor carried over from the previous release's own
 * artifact, raised to any required stop that artifact lists (the previous release itself: nobody may
 * jump over it). Without a valid previous artifact there is nothing to carry: `null`.
 */
export function minPreviousVersionFrom(previous: UpgradeSection | undefined): {
  minPreviousVersion: string | null;
  source: Verdict['minPreviousVersionSource'];
} {
  if (!previous) return { minPreviousVersion: null, source: 'none' };
  let floor = parseVersion(previous.minPreviousVersion ?? '');
  let source: Verdict['minPreviousVersionSource'] = floor ? 'carried' : 'none';
  for (const stop of previous.requiredStops) {
    const version = parseVersion(stop);
    if (version && (!floor || compareVersions(version, floor) > 0)) {
      floor = version;
      source = 'required-stop';
    }
  }
  return { minPreviousVersion: floor?.text ?? null, source };
}
