import { defineRule } from '../../../rules/define.js';
import { describeDefault } from '../diff.js';

export const envVariableRemoved = defineRule(
  {
    id: 'env-variable-removed',
    surface: 'config',
    level: 'breaking',
    summary: 'An environment variable the previous release read is no longer read.',
    message: 'environment variable {name} is no longer read (previous default: {previousDefault})',
    why: 'Operators who set it get no effect, silently: the old and the new version read different settings, so they cannot share one environment during a rolling update.',
    fix: 'Keep reading {name} in this release (warn that it is deprecated, map it to its replacement); stop reading it in a later release.',
    docs: 'docs/env-config.md',
  },
  {
    flagged: [
      {
        base: "export const port = process.env.PORT || '3000';\nexport const host = process.env.HOST;",
        head: "export const port = process.env.PORT || '3000';",
      },
    ],
    quiet: [{ base: "export const a = process.env.OLD || 'x';", head: "export const a = process.env.NEW || process.env.OLD || 'x';" }],
  },
  (diff, meta) =>
    diff.removed.map(({ name, previousDefault, evidence }) => ({
      rule: meta.id,
      params: { name, previousDefault: describeDefault(previousDefault) },
      evidence,
    })),
);
