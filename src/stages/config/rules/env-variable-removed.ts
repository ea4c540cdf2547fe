import type { RuleMeta } from '../../../rules/types.js';
import { describeDefault, type EnvRule } from '../diff.js';

const meta = {
  id: 'env-variable-removed',
  surface: 'config',
  level: 'breaking',
  summary: 'An environment variable the previous release read is no longer read.',
  message: 'environment variable {name} is no longer read (previous default: {previousDefault})',
  why: 'Operators who set it get no effect, silently: the old and the new version read different settings, so they cannot share one environment during a rolling update.',
  docs: 'docs/env-config.md#env-variable-removed',
} as const satisfies RuleMeta;

export const envVariableRemoved: EnvRule<typeof meta.id> = {
  meta,
  check: (diff) =>
    diff.removed.map(({ name, previousDefault, evidence }) => ({
      rule: meta.id,
      params: { name, previousDefault: describeDefault(previousDefault) },
      evidence,
    })),
};
