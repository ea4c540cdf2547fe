import type { ApiSurfaceSection } from '../../artifact/types.js';
import { uncheckedApiResult, uncheckedApiSection } from '../api-section.js';
import type { Stage } from '../contract.js';

/** Placeholder until the REST stage lands: reports unchecked/`unknown` honestly. */
export const restStage: Stage<ApiSurfaceSection> = {
  surface: 'rest',
  rules: [],
  run: async () => uncheckedApiResult('REST stage not implemented yet'),
  failClosed: uncheckedApiSection,
};
