import type { Strategy } from '../artifact/types.js';
import type { Hop } from '../plan/build-plan.js';
import type { VerdictWord } from '../span/types.js';

/**
 * `bump-check`'s answer as data: one entry per configured image whose version changed, and the
 * images that were not checked with the reason. Renderers (./render.ts) and the Action read this.
 */
export interface EnvFinding {
  release: string;
  change: 'renamed' | 'removed';
  /** The name this deployment sets. */
  oldName: string;
  /** The release's new name (renamed), or null (removed). */
  newName: string | null;
  file: string;
  line: number;
  /** What the deployment must change, in one line. */
  edit: string;
}

export interface BumpVerdict {
  file: string;
  line: number;
  image: string;
  fromVersion: string;
  toVersion: string;
  /** True only when the span is proven rolling-safe. */
  safe: boolean;
  verdict: VerdictWord;
  /** The `spec.strategy.type` the span needs. */
  strategy: Strategy;
  requiredStops: string[];
  minPreviousVersion: string | null;
  hops: Hop[];
  envFindings: EnvFinding[];
  /** Why the bump is not proven safe, or what could not be checked (one line each). */
  reasons: string[];
  /** Links to each release's artifact, from the operator's config only. */
  artifactLinks: { version: string; link: string }[];
  /** Where the bump sits (`services.web`), for the text report. */
  location: string;
}

export interface NotChecked {
  file: string;
  image: string;
  reason: string;
  /** Whether it keeps the exit code from 0: a configured image whose change could not be read as version → version. */
  blocksSuccess: boolean;
}

export interface BumpCheckResult {
  bumps: BumpVerdict[];
  notChecked: NotChecked[];
  /** Exit 0 only when every configured bump is proven rolling-safe, needs no env edit, and nothing configured went unchecked. */
  exitCode: 0 | 1;
}

/** The JSON the command prints: the members the issue names, plus `reasons`. */
export function bumpCheckJson(result: BumpCheckResult): unknown {
  return {
    bumps: result.bumps.map((bump) => ({
      file: bump.file,
      line: bump.line,
      image: bump.image,
      fromVersion: bump.fromVersion,
      toVersion: bump.toVersion,
      safe: bump.safe,
      verdict: bump.verdict,
      strategy: bump.strategy,
      requiredStops: bump.requiredStops,
      minPreviousVersion: bump.minPreviousVersion,
      hops: bump.hops,
      envFindings: bump.envFindings,
      reasons: bump.reasons,
    })),
    notChecked: result.notChecked.map((entry) => ({ file: entry.file, image: entry.image, reason: entry.reason })),
  };
}
