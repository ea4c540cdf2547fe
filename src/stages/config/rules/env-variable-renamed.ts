import type { RuleMeta } from '../../../rules/types.js';
import { describeDefault, type EnvRule } from '../diff.js';

const meta = {
  id: 'env-variable-renamed',
  surface: 'config',
  level: 'breaking',
  summary: 'An environment variable is read under a new name in the same place, and the old name is no longer read.',
  message: 'environment variable {previousName} renamed to {name} (default: {defaultValue})',
  why: 'An environment set for the old name configures the old version only; the new version falls back to its default until the operator renames the variable.',
  docs: 'docs/env-config.md#env-variable-renamed',
} as const satisfies RuleMeta;

export const envVariableRenamed: EnvRule<typeof meta.id> = {
  meta,
  check: (diff) =>
    diff.renamed.map(({ name, previousName, defaultValue, evidence }) => ({
      rule: meta.id,
      params: { name, previousName, defaultValue: describeDefault(defaultValue) },
      evidence,
    })),
};
