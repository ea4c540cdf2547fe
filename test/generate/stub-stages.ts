import type { ApiSurfaceSection, ConfigSection, DeclaredBreak, MigrationsSection } from '../../src/artifact/types.js';
import { pipelineStages, type PipelineStages } from '../../src/surfaces/registry.js';
import type { Finding, RuleMeta } from '../../src/rules/types.js';
import { absentApiSection, uncheckedApiSection } from '../../src/stages/api-section.js';
import type { Stage, StageInput, StageResult } from '../../src/stages/contract.js';

/**
 * Small real stages for pipeline tests: each honours the config the way the contract says
 * (`false` → checked and not breaking, missing → unchecked), and records the input it got.
 * Overrides let a test make one stage breaking, throwing or reporting findings. What the surface-neutral
 * parts read of a stage besides running it (config keys, section verdict, summary) is the real stage's.
 */
export const TOOL_REMOVED: RuleMeta = {
  id: 'tool-removed',
  surface: 'mcp',
  level: 'breaking',
  summary: 'An MCP tool was removed',
  message: 'tool {tool} removed',
  why: 'Clients of old servers call it.',
  fix: 'Keep {tool} serving, marked deprecated in its description; remove it in a later release.',
  docs: 'docs/mcp.md#tool-removed',
};

export interface StubOptions {
  mcp?: (input: StageInput) => Promise<StageResult<ApiSurfaceSection>>;
  declarations?: DeclaredBreak[];
}

export function stubStages(options: StubOptions = {}): PipelineStages & { inputs: StageInput[] } {
  const inputs: StageInput[] = [];
  const apiStage = (surface: 'rest' | 'mcp', key: 'openapi' | 'mcpTools'): Stage<ApiSurfaceSection> => ({
    ...pipelineStages[surface],
    surface,
    rules: surface === 'mcp' ? [TOOL_REMOVED] : [],
    run: async (input) => {
      inputs.push(input);
      return input.config[key] === false
        ? { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] }
        : { section: uncheckedApiSection(), verdict: { checked: false, breaking: 'unknown' }, findings: [], notes: [`${key} not configured`] };
    },
    failClosed: uncheckedApiSection,
  });
  const unknownMigrations = (): MigrationsSection => ({ present: 'unknown', count: 0, coreCount: 0, eeCount: 0, files: [] });
  const uncheckedConfig = (): ConfigSection => ({ checked: false, breaking: 'unknown', changes: [] });
  const mcp = apiStage('mcp', 'mcpTools');
  return {
    inputs,
    migrations: {
      ...pipelineStages.migrations,
      surface: 'migrations',
      rules: [],
      run: async (input) =>
        input.config.migrations === false
          ? { section: { present: false, count: 0, coreCount: 0, eeCount: 0, files: [] }, verdict: { checked: true, breaking: false }, findings: [], notes: [] }
          : { section: unknownMigrations(), verdict: { checked: false, breaking: 'unknown' }, findings: [], notes: ['migrations not configured'] },
      failClosed: unknownMigrations,
    },
    rest: apiStage('rest', 'openapi'),
    // The real GraphQL and tRPC stages: unconfigured with no evidence of either, they report none.
    graphql: pipelineStages.graphql,
    trpc: pipelineStages.trpc,
    mcp: options.mcp ? { ...mcp, run: options.mcp } : mcp,
    config: {
      ...pipelineStages.config,
      surface: 'config',
      rules: [],
      run: async (input) =>
        input.config.env === false
          ? { section: { checked: true, breaking: false, changes: [] }, verdict: { checked: true, breaking: false }, findings: [], notes: [] }
          : { section: uncheckedConfig(), verdict: { checked: false, breaking: 'unknown' }, findings: [], notes: ['env not configured'] },
      failClosed: uncheckedConfig,
    },
    declarations: {
      ...pipelineStages.declarations,
      surface: 'declarations',
      rules: [],
      run: async () => {
        const declared = options.declarations ?? [];
        return { section: declared, verdict: { checked: true, breaking: declared.length > 0 }, findings: [], notes: [] };
      },
      failClosed: () => [],
    },
  };
}

export function removedToolFinding(tool: string): Finding {
  return { rule: TOOL_REMOVED.id, params: { tool }, evidence: { file: 'mcp/tools.json', pointer: `/tools/${tool}` } };
}
