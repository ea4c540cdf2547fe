import { defineRule } from '../../../rules/define.js';
import { describeDefault } from '../diff.js';

export const envVariableAdded = defineRule(
  {
    id: 'env-variable-added',
    surface: 'config',
    level: 'info',
    summary: 'A new environment variable is read.',
    message: 'environment variable {name} is new (default: {defaultValue})',
    why: 'Not breaking: the old version ignores it and the new one uses its default until it is set. Listed so operators can find new settings.',
    fix: 'Nothing to change if the default {defaultValue} suits every existing install; otherwise document {name} in the upgrade notes.',
    docs: 'docs/env-config.md',
  },
  {
    flagged: [{ base: 'export const a = process.env.A;', head: "export const a = process.env.A;\nexport const b = process.env.B ?? 'on';" }],
    quiet: [{ base: 'export const a = process.env.A;', head: "export const a = process.env.A || 'x';" }],
  },
  (diff, meta) =>
    diff.added.map(({ name, defaultValue, evidence }) => ({
      rule: meta.id,
      params: { name, defaultValue: describeDefault(defaultValue) },
      evidence,
    })),
);
