import { defineRule } from '../../../rules/define.js';

export const envExampleVariableRemoved = defineRule(
  {
    id: 'env-example-variable-removed',
    surface: 'config',
    level: 'advisory',
    summary: 'A variable only an example file listed is gone from it.',
    message: 'environment variable {name} is no longer listed in {file} (no configured source reads it)',
    why: 'An example file documents settings; it does not configure a running deployment. If the code still reads the variable somewhere the sources do not select, operators lose its documentation, not its effect.',
    fix: 'Keep {name} listed in {file} while any supported version reads it, or note in the upgrade notes where it moved.',
    docs: 'docs/env-config.md',
  },
  {
    flagged: [
      {
        base: "export const port = process.env.PORT || '3000';",
        head: "export const port = process.env.PORT || '3000';",
        baseEnvExample: 'PORT=3000\nSMTP_HOST=mail.example.com',
        headEnvExample: 'PORT=3000',
      },
    ],
    quiet: [
      {
        base: "export const port = process.env.PORT || '3000';",
        head: "export const port = process.env.PORT || '3000';",
        baseEnvExample: 'PORT=3000',
        headEnvExample: '',
      },
    ],
  },
  (diff, meta) =>
    diff.exampleRemoved.map(({ name, file, evidence }) => ({
      rule: meta.id,
      params: { name, file },
      evidence,
    })),
);
