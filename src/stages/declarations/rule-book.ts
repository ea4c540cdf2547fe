import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { memoryStageInput } from '../memory-input.js';
import { declarationsStage } from './index.js';
import { DECLARATIONS_DOCS } from './rule.js';
import { declarationRules } from './rules/index.js';

/** How the surface-neutral parts use the declarations rules (catalogue test, docs, reports). */
export const declarationsRuleBook: RuleBook<'declarations'> = {
  surface: 'declarations',
  title: 'Declared breaks',
  docs: DECLARATIONS_DOCS,
  rules: declarationRules,
  findings: async (rule, example) => {
    const base: Record<string, string> = example.base === '' ? {} : { 'src/app.ts': example.base };
    const result = await declarationsStage.run(memoryStageInput({ base, head: { 'src/app.ts': example.head } }));
    return result.findings.filter((finding) => finding.rule === rule.meta.id);
  },
  showExample: (example) =>
    [
      example.base === '' ? 'Old: `src/app.ts` did not exist.' : ['Old `src/app.ts`:', '', fenced('ts', example.base)].join('\n'),
      '',
      'New:',
      '',
      fenced('ts', example.head),
    ].join('\n'),
  details: () => '',
};
