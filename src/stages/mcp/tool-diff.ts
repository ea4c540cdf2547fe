import { compareText } from '../../core/compare-text.js';
import type { Finding } from '../../rules/types.js';
import { diffSchemas } from '../schema-diff/diff.js';
import { runMcpRule, type McpRule, type ToolPair } from './rule.js';
import { readSnapshot, type ToolSnapshot } from './snapshot.js';

/**
 * Pairs tools by name and runs every rule over each pair. Each schema's `$ref`s resolve inside
 * that schema (`#/$defs/…`), as an MCP client would resolve them. Findings are sorted by rule id,
 * tool and pointer (STYLE.md 12).
 */
export function diffToolSnapshots(base: ToolSnapshot, revision: ToolSnapshot, file: string, rules: readonly McpRule[]): Finding[] {
  const baseByName = new Map(base.tools.map((tool, index) => [tool.name, { tool, pointer: base.toolPointer(index), source: base.toolSource?.(index) }]));
  const revisionByName = new Map(
    revision.tools.map((tool, index) => [tool.name, { tool, pointer: revision.toolPointer(index), source: revision.toolSource?.(index) }]),
  );
  const names = [...new Set([...baseByName.keys(), ...revisionByName.keys()])].sort();
  const findings: Finding[] = [];
  for (const name of names) {
    const before = baseByName.get(name);
    const after = revisionByName.get(name);
    const both = before !== undefined && after !== undefined;
    const pair: ToolPair = {
      name,
      file,
      ...(before ? { base: before.tool, basePointer: before.pointer } : {}),
      ...(after ? { revision: after.tool, revisionPointer: after.pointer } : {}),
      ...(before?.source ? { baseSource: before.source } : {}),
      ...(after?.source ? { revisionSource: after.source } : {}),
      // Arguments are what a caller sends (readOnly properties left out), output what it reads (writeOnly left out), as on the REST side.
      inputChanges: both ? withToolContext(name, () => diffSchemas(before.tool.inputSchema, after.tool.inputSchema, { view: 'request' })) : [],
      outputChanges: both ? withToolContext(name, () => diffSchemas(before.tool.outputSchema, after.tool.outputSchema, { view: 'response' })) : [],
    };
    for (const rule of rules) findings.push(...runMcpRule(rule, pair));
  }
  return findings.sort(compareFindings);
}

/** A schema that cannot be diffed (an unresolvable `$ref`) fails the stage, naming the tool. */
function withToolContext<T>(tool: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw new Error(`tool "${tool}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function compareFindings(a: Finding, b: Finding): number {
  return (
    compareText(a.rule, b.rule) ||
    compareText(String(a.params.tool), String(b.params.tool)) ||
    compareText(a.evidence.pointer ?? '', b.evidence.pointer ?? '') ||
    compareText(JSON.stringify(a.params), JSON.stringify(b.params))
  );
}

/** {@link diffToolSnapshots} over parsed JSON documents; throws when one is not a tool snapshot. */
export function diffToolDocuments(base: unknown, revision: unknown, file: string, rules: readonly McpRule[]): Finding[] {
  const read = (document: unknown, side: string) => {
    const reading = readSnapshot(document);
    if (!reading.ok) throw new Error(`${side} snapshot ${reading.reason}`);
    return reading.snapshot;
  };
  return diffToolSnapshots(read(base, 'base'), read(revision, 'revision'), file, rules);
}
