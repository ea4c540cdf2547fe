import type { ApiSurfaceSection } from '../../../artifact/types.js';
import { compareText } from '../../../core/compare-text.js';
import { describeError } from '../../../core/errors.js';
import type { Finding } from '../../../rules/types.js';
import { apiSectionFromFindings, uncheckedApiResult } from '../../api-section.js';
import { applyApiAcceptance, rulesWithSettings } from '../../api-acceptance.js';
import type { Side, StageInput, StageResult } from '../../contract.js';
import { MCP_RULE_CATALOGUE, MCP_RULES } from '../catalogue.js';
import type { McpTool, ToolSnapshot } from '../snapshot.js';
import { diffToolSnapshots } from '../tool-diff.js';
import type { CodeTool } from './extract-tools.js';
import { collectCodeTools } from './surface.js';
import { differentialOf, type Differential } from '../../differential.js';

const SIDE_LABEL: Record<Side, string> = { base: 'base (from) ref', head: 'head (to) ref' };

/**
 * The MCP surface read from code (`mcpTools: { sources }`). Tools are paired by name and judged by
 * the same rules as a snapshot. A tool whose definition could not be read is left out of the diff
 * and keeps the surface `unknown` unless the verdict is proven otherwise: it is new (adding a tool
 * breaks nobody), it is gone (removing one breaks, whatever its schema was), or another change
 * already breaks the release.
 */
export async function runCodeStage(input: StageInput, globs: readonly string[]): Promise<StageResult<ApiSurfaceSection>> {
  // The extraction module (and the parser) loads only when a release changed a file it would read.
  const pair = await collectCodeTools(input, globs, async () => (await import('./extract-tools.js')).extractToolsFromTexts);
  if (pair.kind === 'unchanged')
    return { section: apiSectionFromFindings([], MCP_RULE_CATALOGUE), verdict: { checked: true, breaking: false }, findings: [], notes: pair.notes ?? [] };
  if (pair.kind === 'unreadable')
    return withNotes(
      uncheckedApiResult(''),
      pair.reasons.map((reason) => `MCP tools could not be read from code: ${reason}`),
    );
  const unreadable = [
    ...(pair.base.ok ? [] : pair.base.reasons.map((reason) => `${reason} (at the ${SIDE_LABEL.base})`)),
    ...(pair.head.ok ? [] : pair.head.reasons.map((reason) => `${reason} (at the ${SIDE_LABEL.head})`)),
  ];
  if (!pair.base.ok || !pair.head.ok)
    return withNotes(uncheckedApiResult(''), [...unreadable.map((reason) => `MCP tools could not be read from code: ${reason}`), ...pair.unchangedNotes]);
  const differential = differentialOf(input);

  const baseByName = new Map(pair.base.tools.map((tool) => [tool.name, tool]));
  const headByName = new Map(pair.head.tools.map((tool) => [tool.name, tool]));
  const notes: string[] = [...pair.unchangedNotes];
  let unprovenTools = 0;
  const keep = { base: [] as CodeTool[], head: [] as CodeTool[] };
  for (const name of [...new Set([...baseByName.keys(), ...headByName.keys()])].sort(compareText)) {
    const before = baseByName.get(name);
    const after = headByName.get(name);
    // Registered in a function a file read called at the base and none calls at the head: the head no longer registers it (or does so from outside the files read).
    if (before?.registeredIn?.called === true && after?.registeredIn?.called === false && before.registeredIn.function === after.registeredIn.function) {
      unprovenTools++;
      notes.push(
        `MCP tool "${name}" (${after.file}:${after.line}) is unknown: it is registered in ${after.registeredIn.function}, which a file read called at the ${SIDE_LABEL.base} and none calls at the ${SIDE_LABEL.head}`,
      );
      continue;
    }
    const unknownSide = before?.unknown ? 'base' : after?.unknown ? 'head' : undefined;
    if (unknownSide && before && after) {
      const tool = unknownSide === 'base' ? before : after;
      // Differential soundness: unreadable at both refs, in a file identical with everything it
      // depends on and (when its registration takes values from callers) reached by no changed file.
      if (before.unknown !== undefined && after.unknown !== undefined && before.file === after.file) {
        const settled = await unchangedTool(input, differential, after);
        if (settled !== undefined) {
          notes.push(`MCP tool "${name}" (${after.file}:${after.line}) is not read (${after.unknown}) but ${settled}: no change`);
          continue;
        }
      }
      unprovenTools++;
      notes.push(
        `MCP tool "${name}" (${tool.file}:${tool.line}) is unknown: its definition at the ${SIDE_LABEL[unknownSide]} could not be read: ${tool.unknown}`,
      );
      continue;
    }
    if (before) keep.base.push(before);
    if (after) keep.head.push(after);
  }
  let findings: Finding[];
  try {
    findings = diffToolSnapshots(snapshotOf(keep.base), snapshotOf(keep.head), globs.join(', '), MCP_RULES);
  } catch (error) {
    return uncheckedApiResult(`MCP tools read from code could not be compared: ${describeError(error)}`);
  }
  if (pair.baseEmpty) notes.push(`MCP sources are new at the ${SIDE_LABEL.head}: every tool counts as added`);
  // Tools read from code have no document to write an acceptance in: only the config's rule settings apply.
  const applied = applyApiAcceptance('mcp', findings, { added: [], problems: [] }, () => false, MCP_RULE_CATALOGUE, input.acceptance);
  const section = apiSectionFromFindings(applied.remaining, rulesWithSettings(MCP_RULE_CATALOGUE, input.acceptance), applied.acceptedFindings);
  if (unprovenTools > 0 && section.breaking === false) section.breaking = 'unknown';
  return {
    section,
    verdict: { checked: true, breaking: section.breaking },
    findings,
    notes,
    ...(applied.accepted.length > 0 ? { accepted: applied.accepted } : {}),
  };
}

/** Why a tool unreadable at both refs cannot have changed, or undefined when it may have. */
async function unchangedTool(input: StageInput, differential: Differential, tool: CodeTool): Promise<string | undefined> {
  // Loaded here only: the parser is loaded already when a tool was read (the stage itself does not load it).
  const [{ callersFlowInto }, { parseSource }] = await Promise.all([import('../../../syntax/inflow.js'), import('../../../syntax/parse.js')]);
  const text = await input.read('head', tool.file);
  const parsed = text === undefined ? undefined : parseSource(tool.file, text);
  const callers = parsed === undefined || !parsed.ok || callersFlowInto(parsed.ast, tool.line);
  const verdict = await differential.unchanged(tool.file, callers);
  if (!verdict.unchanged) return undefined;
  return `its file is unchanged with everything it depends on (${verdict.files} file${verdict.files === 1 ? '' : 's'})${callers ? ' and no changed file calls into it' : ''}`;
}

/** Tools as a snapshot for the shared diff; a tool on one side only needs no schema (added or removed is the whole finding). */
function snapshotOf(tools: readonly CodeTool[]): ToolSnapshot {
  const listed: McpTool[] = tools.map((tool) => tool.tool ?? { name: tool.name, inputSchema: {} });
  return { tools: listed, toolPointer: () => '', toolSource: (index) => ({ file: tools[index]!.file, line: tools[index]!.line }) };
}

function withNotes(result: StageResult<ApiSurfaceSection>, notes: string[]): StageResult<ApiSurfaceSection> {
  return { ...result, notes };
}
