import type { DeclaredBreak } from '../../artifact/types.js';
import type { Stage, StageResult } from '../contract.js';

/** Placeholder until the declarations stage lands: reports unchecked/`unknown` honestly. */
export const declarationsStage: Stage<DeclaredBreak[]> = {
  surface: 'declarations',
  rules: [],
  run: async (): Promise<StageResult<DeclaredBreak[]>> => ({
    section: [],
    verdict: { checked: false, breaking: 'unknown' },
    findings: [],
    notes: ['declarations stage not implemented yet'],
  }),
  failClosed: () => [],
};
