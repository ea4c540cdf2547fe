import type { RuleMeta } from '../../../rules/types.js';
import { describeDefault, type EnvRule } from '../diff.js';

const meta = {
  id: 'env-default-changed',
  surface: 'config',
  level: 'breaking',
  summary: 'The default of an environment variable (in code or in an example env file) changed.',
  message: 'environment variable {name} default changed from {previousDefault} to {defaultValue}',
  why: 'Instances that leave the variable unset behave differently across the two versions, so old and new instances disagree while they serve side by side.',
  docs: 'docs/env-config.md#env-default-changed',
} as const satisfies RuleMeta;

export const envDefaultChanged: EnvRule<typeof meta.id> = {
  meta,
  check: (diff) =>
    diff.defaultChanged.map(({ name, previousDefault, defaultValue, evidence }) => ({
      rule: meta.id,
      params: { name, previousDefault: describeDefault(previousDefault), defaultValue: describeDefault(defaultValue) },
      evidence,
    })),
};
