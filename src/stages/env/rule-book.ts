import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { memoryStageInput } from '../memory-input.js';
import { configStage } from './index.js';
import { ENV_DOCS } from './rule.js';
import { envRules } from './rules/index.js';

/** The configuration an example runs with: TypeScript sources under `src/`. */
const EXAMPLE_CONFIG = { env: { sources: ['src/**/*.ts'] } };
/** The same, for an example with a `.env.example` file. */
const EXAMPLE_CONFIG_WITH_ENV_FILE = { env: { sources: ['src/**/*.ts'], envFiles: ['.env.example'] } };

/** How the surface-neutral parts use the env-config rules (catalogue test, docs, reports). */
export const configRuleBook: RuleBook<'config'> = {
  surface: 'config',
  title: 'Environment configuration',
  docs: ENV_DOCS,
  rules: envRules,
  findings: async (rule, example) => {
    const files = (code: string, envExample: string | undefined): Record<string, string> => ({
      'src/config.ts': code,
      ...(envExample === undefined ? {} : { '.env.example': envExample }),
    });
    const input = memoryStageInput(
      { base: files(example.base, example.baseEnvExample), head: files(example.head, example.headEnvExample) },
      example.baseEnvExample === undefined ? EXAMPLE_CONFIG : EXAMPLE_CONFIG_WITH_ENV_FILE,
    );
    const result = await configStage.run(input);
    return result.findings.filter((finding) => finding.rule === rule.meta.id);
  },
  showExample: (example) =>
    [
      'Old `src/config.ts`:',
      '',
      fenced('ts', example.base),
      '',
      'New:',
      '',
      fenced('ts', example.head),
      ...(example.baseEnvExample === undefined
        ? []
        : [
            '',
            'Old `.env.example`:',
            '',
            fenced('sh', example.baseEnvExample || '# (empty)'),
            '',
            'New:',
            '',
            fenced('sh', example.headEnvExample || '# (empty)'),
          ]),
    ].join('\n'),
  details: () => '',
};
