import type { Rule } from '../../rules/define.js';
import type { Finding, RuleMeta } from '../../rules/types.js';
import type { SchemaChange } from '../schema-diff/types.js';
import type { McpTool, ToolSource } from './snapshot.js';

/**
 * One tool compared across the two snapshots, with its schema diffs computed once
 * (STYLE.md 3): rules read this, never the raw files.
 */
export interface ToolPair {
  name: string;
  /** Snapshot file path, for evidence. */
  file: string;
  base?: McpTool;
  revision?: McpTool;
  /** JSON pointer of the tool in the base / revision file (`/tools/3`). */
  basePointer?: string;
  revisionPointer?: string;
  /** File and line of the tool's definition when read from source code (evidence then names them). */
  baseSource?: ToolSource;
  revisionSource?: ToolSource;
  /** Changes of `inputSchema` / `outputSchema` (empty when the tool exists on one side only). */
  inputChanges: readonly SchemaChange[];
  outputChanges: readonly SchemaChange[];
}

/** One example: the tool lists of both snapshots (`{"tools": [...]}` or a bare array). */
export interface McpRuleExample {
  readonly base: unknown;
  readonly revision: unknown;
}

/** An MCP check reads one tool pair; `meta` is its own catalogue entry, for the findings' rule id. */
export type McpCheck = (pair: ToolPair, meta: RuleMeta) => Finding[];

declare module '../../rules/define.js' {
  interface RuleSurfaces {
    mcp: { check: McpCheck; example: McpRuleExample; meta: object };
  }
}

export type McpRule<Id extends string = string> = Rule<Id, 'mcp'>;

export const MCP_DOCS = 'docs/mcp.md';

/** The findings of one rule on one tool pair. */
export function runMcpRule(rule: McpRule, pair: ToolPair): Finding[] {
  return rule.check(pair, rule.meta);
}

export type SchemaSide = 'input' | 'output';

/**
 * Findings for every schema change of one side that `select` keeps. Evidence points into the
 * revision file (the base file for a removal), at the changed element.
 */
export function schemaChangeFindings(
  rule: RuleMeta,
  pair: ToolPair,
  side: SchemaSide,
  select: (change: SchemaChange) => Record<string, string> | undefined,
): Finding[] {
  const changes = side === 'input' ? pair.inputChanges : pair.outputChanges;
  const schemaKey = side === 'input' ? 'inputSchema' : 'outputSchema';
  const findings: Finding[] = [];
  for (const change of changes) {
    const extra = select(change);
    if (extra === undefined) continue;
    const inBase = change.kind === 'property-removed' || change.kind === 'schema-removed';
    const toolPointer = (inBase ? pair.basePointer : pair.revisionPointer) ?? pair.revisionPointer ?? pair.basePointer ?? '';
    const source = (inBase ? pair.baseSource : pair.revisionSource) ?? pair.revisionSource ?? pair.baseSource;
    findings.push({
      rule: rule.id,
      params: { tool: pair.name, property: change.path, ...extra },
      evidence: { file: source?.file ?? pair.file, ...(source ? { line: source.line } : {}), pointer: `${toolPointer}/${schemaKey}${change.pointer}` },
    });
  }
  return findings;
}

/** A finding about the tool as a whole (added, removed, annotations). */
export function toolFinding(rule: RuleMeta, pair: ToolPair, params: Record<string, string> = {}): Finding {
  const pointer = pair.revisionPointer ?? pair.basePointer ?? '';
  const source = pair.revisionSource ?? pair.baseSource;
  return {
    rule: rule.id,
    params: { tool: pair.name, ...params },
    evidence: { file: source?.file ?? pair.file, ...(source ? { line: source.line } : {}), pointer },
  };
}

/** A type set for a message: `integer`, `string|number`, `any`. */
export function typeList(types: unknown): string {
  return Array.isArray(types) && types.length > 0 ? types.join('|') : 'any';
}

/** A keyword value for a message: JSON, or `none` when absent. */
export function valueText(value: unknown): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}
