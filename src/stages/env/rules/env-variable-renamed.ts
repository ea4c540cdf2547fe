import { defineRule } from '../../../rules/define.js';
import { describeDefault } from '../diff.js';

export const envVariableRenamed = defineRule(
  {
    id: 'env-variable-renamed',
    surface: 'config',
    level: 'breaking',
    summary: 'An environment variable is read under a new name in the same place, and the old name is no longer read.',
    message: 'environment variable {previousName} renamed to {name} (default: {defaultValue})',
    why: 'An environment set for the old name configures the old version only; the new version falls back to its default until the operator renames the variable.',
    fix: 'Read both names in this release ({name}, falling back to {previousName}) and warn when only {previousName} is set; drop {previousName} in a later release.',
    docs: 'docs/env-config.md',
  },
  {
    flagged: [
      {
        base: "export const config = {\n  db: { host: process.env.PGHOST || 'localhost' },\n};",
        head: "export const config = {\n  db: { host: process.env.DATABASE_HOST || 'localhost' },\n};",
      },
    ],
    quiet: [{ base: 'export const a = process.env.A;', head: 'export const b = process.env.B;' }],
  },
  (diff, meta) =>
    diff.renamed.map(({ name, previousName, defaultValue, evidence }) => ({
      rule: meta.id,
      params: { name, previousName, defaultValue: describeDefault(defaultValue) },
      evidence,
    })),
);
