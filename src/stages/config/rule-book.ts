import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { memoryStageInput } from '../memory-input.js';
import { configStage } from './index.js';
import { ENV_DOCS } from './rule.js';
import { envRules } from './rules/index.js';

/** The configuration an example runs with: TypeScript sources under `src/`. */
const EXAMPLE_CONFIG = { env: { sources: ['src/**/*.ts'] } };

/** How the surface-neutral parts use the env-config rules (catalogue test, docs, reports). */
export const configRuleBook: RuleBook<'config'> = {
  surface: 'config',
  title: 'Environment configuration',
  docs: ENV_DOCS,
  rules: envRules,
  findings: async (rule, example) => {
    const result = await configStage.run(memoryStageInput({ base: { 'src/config.ts': example.base }, head: { 'src/config.ts': example.head } }, EXAMPLE_CONFIG));
    return result.findings.filter((finding) => finding.rule === rule.meta.id);
  },
  showExample: (example) => ['Old `src/config.ts`:', '', fenced('ts', example.base), '', 'New:', '', fenced('ts', example.head)].join('\n'),
  details: () => '',
};
