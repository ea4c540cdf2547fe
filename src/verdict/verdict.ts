import type { CompatibilitySection, DeclaredBreak, SurfaceState, UpgradeSection } from '../artifact/types.js';
import { compareVersions, parseVersion } from '../core/version.js';
import { anyTrue, type Tri } from '../core/tristate.js';
import type { Surface } from '../rules/types.js';
import type { SectionVerdict, StageVerdict } from '../stages/contract.js';

/**
 * The verdict (pure): stage results → `compatibility` and `upgrade`. Only proven safety is `true`:
 *
 * | any surface proven breaking, heavy or declared | every surface checked, all `breaking: false` | rollingUpdateSafe |
 * |---|---|---|
 * | yes | – | `false` |
 * | no | yes | `true` |
 * | no | no | `unknown` |
 *
 * A surface's effective state folds the stage's own verdict with what its section says (the stage's
 * `sectionVerdict`), so an inconsistent stage can only make the answer more cautious, never less.
 * The surfaces come from the registry (`src/surfaces/registry.ts`): none is named here.
 */

/** One surface: its stage's verdict and what its section says. */
export interface SurfaceInput {
  surface: Surface;
  stage: StageVerdict;
  section: SectionVerdict;
}

export interface VerdictInput {
  version: string;
  /** Every surface of the registry, in report order. */
  surfaces: readonly SurfaceInput[];
  /** The artifact's `declaredBreaks`: a required stop among them is this release's own stop. */
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

  for (const { surface, stage, section } of input.surfaces) {
    surfaces[surface] = fold(stage, section);
    if (section.breaking === true && section.provenBreak) reasons.push({ surface, ...section.provenBreak });
  }

  for (const { surface, section } of input.surfaces) {
    const state = surfaces[surface];
    const alreadyExplained = reasons.some((reason) => reason.surface === surface);
    if (state.breaking === true && !alreadyExplained) reasons.push({ surface, cause: 'breaking', detail: 'breaking changes found' });
    else if (!state.checked) reasons.push({ surface, cause: 'unchecked', detail: 'not checked' });
    else if (state.breaking === 'unknown') reasons.push({ surface, cause: 'unknown', detail: section.unknownDetail ?? 'could not be classified' });
  }

  // Proven causes first: they alone decide a `false`; the unknowns follow.
  const proven = new Set<VerdictReason['cause']>(['heavy-migration', 'declared-break', 'breaking']);
  reasons.sort((a, b) => Number(proven.has(b.cause)) - Number(proven.has(a.cause)));

  const states = input.surfaces.map(({ surface }) => surfaces[surface]);
  const rollingUpdateSafe: Tri = states.some((state) => state.breaking === true)
    ? false
    : // Nothing compared proves nothing: an empty list of surfaces is never safe.
      states.length > 0 && states.every((state) => state.checked && state.breaking === false)
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
