import type { ApiSurfaceSection } from '../../artifact/types.js';
import { uncheckedApiResult, uncheckedApiSection } from '../api-section.js';
import type { Stage } from '../contract.js';

/** Placeholder until the MCP stage lands: reports unchecked/`unknown` honestly. */
export const mcpStage: Stage<ApiSurfaceSection> = {
  surface: 'mcp',
  rules: [],
  run: async () => uncheckedApiResult('MCP stage not implemented yet'),
  failClosed: uncheckedApiSection,
};
