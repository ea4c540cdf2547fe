import type { RuleMeta } from '../../../rules/types.js';
import { describeDefault, type EnvRule } from '../diff.js';

const meta = {
  id: 'env-variable-added',
  surface: 'config',
  level: 'info',
  summary: 'A new environment variable is read.',
  message: 'environment variable {name} is new (default: {defaultValue})',
  why: 'Not breaking: the old version ignores it and the new one uses its default until it is set. Listed so operators can find new settings.',
  docs: 'docs/env-config.md#env-variable-added',
} as const satisfies RuleMeta;

export const envVariableAdded: EnvRule<typeof meta.id> = {
  meta,
  check: (diff) =>
    diff.added.map(({ name, defaultValue, evidence }) => ({
      rule: meta.id,
      params: { name, defaultValue: describeDefault(defaultValue) },
      evidence,
    })),
};
