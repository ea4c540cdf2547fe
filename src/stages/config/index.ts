import type { ConfigSection } from '../../artifact/types.js';
import type { Stage, StageResult } from '../contract.js';

const uncheckedSection = (): ConfigSection => ({ checked: false, breaking: 'unknown', changes: [] });

/** Placeholder until the env-config stage lands: reports unchecked/`unknown` honestly. */
export const configStage: Stage<ConfigSection> = {
  surface: 'config',
  rules: [],
  run: async (): Promise<StageResult<ConfigSection>> => ({
    section: uncheckedSection(),
    verdict: { checked: false, breaking: 'unknown' },
    findings: [],
    notes: ['config stage not implemented yet'],
  }),
  failClosed: uncheckedSection,
};
