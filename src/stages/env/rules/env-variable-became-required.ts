import { defineRule } from '../../../rules/define.js';
import { describeDefault } from '../diff.js';

export const envVariableBecameRequired = defineRule(
  {
    id: 'env-variable-became-required',
    surface: 'config',
    level: 'breaking',
    summary: 'An environment variable the previous release accepted unset (an optional schema key, or a default) is required by a schema of the new one.',
    message: 'environment variable {name} became required (previous default: {previousDefault})',
    why: 'Deployments that leave it unset ran the old version; the new version refuses to start without it, so new instances fail while old ones serve.',
    fix: 'Keep {name} optional in this release (with the old default) and warn when it is unset; make it required in a later release, once operators set it.',
    docs: 'docs/env-config.md',
  },
  {
    flagged: [
      {
        base: "import { z } from 'zod';\nexport const env = z.object({ SENTRY_DSN: z.string().optional() }).parse(process.env);",
        head: "import { z } from 'zod';\nexport const env = z.object({ SENTRY_DSN: z.string().url() }).parse(process.env);",
      },
    ],
    quiet: [
      {
        base: "import { z } from 'zod';\nexport const env = z.object({ SENTRY_DSN: z.string() }).parse(process.env);",
        head: "import { z } from 'zod';\nexport const env = z.object({ SENTRY_DSN: z.string().optional() }).parse(process.env);",
      },
    ],
  },
  (diff, meta) =>
    diff.becameRequired.map(({ name, previousDefault, evidence }) => ({
      rule: meta.id,
      params: { name, previousDefault: describeDefault(previousDefault) },
      evidence,
    })),
);
