import type { MigrationsSection } from '../../artifact/types.js';
import type { Stage, StageResult } from '../contract.js';

const unknownSection = (): MigrationsSection => ({ present: 'unknown', count: 0, coreCount: 0, eeCount: 0, files: [] });

/** Placeholder until the migrations stage lands: reports unchecked/`unknown` honestly. */
export const migrationsStage: Stage<MigrationsSection> = {
  surface: 'migrations',
  rules: [],
  run: async (): Promise<StageResult<MigrationsSection>> => ({
    section: unknownSection(),
    verdict: { checked: false, breaking: 'unknown' },
    findings: [],
    notes: ['migrations stage not implemented yet'],
  }),
  failClosed: unknownSection,
};
