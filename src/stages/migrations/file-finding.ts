import type { Finding } from '../../rules/types.js';
import type { MigrationRuleId } from './catalogue.js';

/** A finding about a whole migration file, its rule id checked against the catalogue (the stage and lint-migrations both build them). */
export function fileFinding(rule: MigrationRuleId, file: string, params: Record<string, string> = {}): Finding {
  return { rule, params: { file, ...params }, evidence: { file } };
}
