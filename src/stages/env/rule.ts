import type { Rule } from '../../rules/define.js';
import type { Finding, RuleMeta } from '../../rules/types.js';
import type { EnvDiff } from './diff.js';

/**
 * What an env-config rule is: `defineRule({ surface: 'config', … }, examples, check)`, where `check`
 * reads the {@link EnvDiff} of the two refs. `meta` is the rule's own entry, for the findings' id.
 */
export type EnvCheck = (diff: EnvDiff, meta: RuleMeta) => Finding[];

/** One example: `src/config.ts` at the previous and the new release. */
export interface EnvRuleExample {
  readonly base: string;
  readonly head: string;
  /** `.env.example` at each release, when the example needs one (configured as an env file). */
  readonly baseEnvExample?: string;
  readonly headEnvExample?: string;
}

declare module '../../rules/define.js' {
  interface RuleSurfaces {
    config: { check: EnvCheck; example: EnvRuleExample; meta: object };
  }
}

export type EnvRule<Id extends string = string> = Rule<Id, 'config'>;

export const ENV_DOCS = 'docs/env-config.md';

export function runEnvRule<Id extends string>(rule: EnvRule<Id>, diff: EnvDiff): Finding<Id>[] {
  return rule.check(diff, rule.meta) as Finding<Id>[];
}
