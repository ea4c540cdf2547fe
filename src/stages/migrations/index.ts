import type { MigrationsSection } from '../../artifact/types.js';
import type { RuleMeta } from '../../rules/types.js';
import type { Stage, StageResult } from '../contract.js';
import { MIGRATION_RULES } from './catalogue.js';
import { MIGRATION_FILE_RULES } from './stage-rules.js';

const unknownSection = (): MigrationsSection => ({ present: 'unknown', count: 0, coreCount: 0, eeCount: 0, files: [] });

/**
 * The migrations stage. Its implementation (ts-morph, knex, the PostgreSQL grammar) is imported
 * on first run, so that loading the CLI stays fast.
 */
export const migrationsStage: Stage<MigrationsSection> = {
  surface: 'migrations',
  rules: [...MIGRATION_RULES, ...MIGRATION_FILE_RULES] as readonly RuleMeta[],
  run: async (input): Promise<StageResult<MigrationsSection>> => (await import('./stage.js')).runMigrationsStage(input),
  failClosed: unknownSection,
};
