import type { RuleMeta } from '../../../rules/types.js';
import type { EnvRule } from '../diff.js';

const meta = {
  id: 'env-example-variable-removed',
  surface: 'config',
  level: 'advisory',
  summary: 'A variable only an example file listed is gone from it.',
  message: 'environment variable {name} is no longer listed in {file} (no configured source reads it)',
  why: 'An example file documents settings; it does not configure a running deployment. If the code still reads the variable somewhere the sources do not select, operators lose its documentation, not its effect.',
  docs: 'docs/env-config.md#env-example-variable-removed',
} as const satisfies RuleMeta;

export const envExampleVariableRemoved: EnvRule<typeof meta.id> = {
  meta,
  check: (diff) =>
    diff.exampleRemoved.map(({ name, file, evidence }) => ({
      rule: meta.id,
      params: { name, file },
      evidence,
    })),
};
