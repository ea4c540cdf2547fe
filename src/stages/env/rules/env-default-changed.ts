import { defineRule } from '../../../rules/define.js';
import { describeDefault } from '../diff.js';

export const envDefaultChanged = defineRule(
  {
    id: 'env-default-changed',
    surface: 'config',
    level: 'breaking',
    summary: 'The default of an environment variable (in code or in an example env file) changed.',
    message: 'environment variable {name} default changed from {previousDefault} to {defaultValue}',
    why: 'Instances that leave the variable unset behave differently across the two versions, so old and new instances disagree while they serve side by side.',
    fix: 'Keep the default of {name} at {previousDefault} in this release, and tell operators to set {name}={defaultValue} explicitly; change the default in a later release.',
    docs: 'docs/env-config.md',
  },
  {
    flagged: [{ base: "export const a = process.env.A || 'x';", head: "export const a = process.env.A || 'y';" }],
    quiet: [{ base: "export const a = process.env.A || 'x';", head: "export const a =\n  process.env['A'] ||\n  'x';" }],
  },
  (diff, meta) =>
    diff.defaultChanged.map(({ name, previousDefault, defaultValue, evidence }) => ({
      rule: meta.id,
      params: { name, previousDefault: describeDefault(previousDefault), defaultValue: describeDefault(defaultValue) },
      evidence,
    })),
);
