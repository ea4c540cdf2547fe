import type { ApiSurfaceSection } from '../../artifact/types.js';
import { describeError } from '../../core/errors.js';
import type { Finding } from '../../rules/types.js';
import {
  absentApiSection,
  apiSectionFromFindings,
  apiSectionSummary,
  apiSectionVerdict,
  possibleMoveNote,
  uncheckedApiResult,
  uncheckedApiSection,
} from '../api-section.js';
import { normalConfigPath, type Side, type Stage, type StageInput, type StageResult } from '../contract.js';
import { MCP_RULE_CATALOGUE, MCP_RULES } from './catalogue.js';
import { EMPTY_SNAPSHOT, parseSnapshotText, type ToolSnapshot } from './snapshot.js';
import { diffToolSnapshots } from './tool-diff.js';
import { runCodeStage } from './code/stage.js';
import { addedHolders, applyApiAcceptance, rulesWithSettings } from '../api-acceptance.js';
import { coversTool, toolHolders } from './acceptance.js';

const SIDE_NAMES: Record<Side, string> = { base: 'base (from) ref', head: 'head (to) ref' };

/**
 * The MCP surface: the committed tool snapshot (config `mcpTools`) at both refs, or the tools the
 * server's code registers (`mcpTools: { sources }`, read in `code/`), diffed by tool name with the
 * shared JSON-Schema diff and judged by the rules in `rules/`.
 *
 * - key missing → not configured: unchecked, `unknown`;  `false` → the service has no MCP tools;
 * - snapshot missing at the head ref, unreadable, or of the wrong shape → unchecked, `unknown`,
 *   the reason (file and ref) in `notes`;
 * - the same blob at both refs → no changes, nothing parsed;
 * - absent at base but present at head → a new surface: every tool is added (info), nothing breaks;
 *   unless a JSON/YAML file was deleted in the range (it may have moved): unchecked, `unknown`.
 */
export const mcpStage: Stage<ApiSurfaceSection> = {
  surface: 'mcp',
  rules: MCP_RULE_CATALOGUE,
  run: runMcpStage,
  failClosed: uncheckedApiSection,
  configKeys: ['mcpTools'],
  configuredPaths: (config) => (typeof config.mcpTools === 'string' ? [{ key: 'mcpTools', path: normalConfigPath(config.mcpTools), shape: 'file' }] : []),
  sectionVerdict: apiSectionVerdict,
  acceptance: { where: "`x-release-safety-accept: [{rule: <rule>, reason: …}]` in the tool's `annotations` or `_meta`" },
  summary: apiSectionSummary,
};

async function runMcpStage(input: StageInput): Promise<StageResult<ApiSurfaceSection>> {
  const configured = input.config.mcpTools;
  if (configured === undefined) return uncheckedApiResult('MCP surface not configured');
  if (configured === false) return { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] };
  if (typeof configured === 'object') return runCodeStage(input, configured.sources);
  // Tree paths have no leading `./`; the config may (the REST stage accepts it the same way).
  const path = configured.replace(/^\.\//, '');

  const baseBlob = input.trees.base.get(path);
  const headBlob = input.trees.head.get(path);
  if (headBlob === undefined) return uncheckedApiResult(`MCP tool snapshot ${path} is missing at the ${SIDE_NAMES.head}`);
  if (baseBlob === headBlob) return checkedResult([], []);
  if (baseBlob === undefined) {
    const moved = possibleMoveNote(input.changes, { label: `MCP tool snapshot ${path}`, noun: 'snapshot', headRef: SIDE_NAMES.head });
    if (moved) return uncheckedApiResult(moved);
  }

  const head = await loadSnapshot(input, 'head', path);
  if (typeof head === 'string') return uncheckedApiResult(head);
  const base = baseBlob === undefined ? EMPTY_SNAPSHOT : await loadSnapshot(input, 'base', path);
  if (typeof base === 'string') return uncheckedApiResult(base);
  let findings: Finding[];
  try {
    findings = diffToolSnapshots(base, head, path, MCP_RULES);
    if (input.acceptance) {
      const [headHolders, baseHolders] = [toolHolders(head, path), toolHolders(base, path)];
      const holders = { added: addedHolders(headHolders.holders, baseHolders.holders), problems: headHolders.problems };
      const applied = applyApiAcceptance('mcp', findings, holders, coversTool, MCP_RULE_CATALOGUE, input.acceptance);
      const notes = baseBlob === undefined ? [`MCP tool snapshot ${path} is new at the ${SIDE_NAMES.head}: every tool counts as added`] : [];
      const section = apiSectionFromFindings(applied.remaining, rulesWithSettings(MCP_RULE_CATALOGUE, input.acceptance), applied.acceptedFindings);
      return {
        section,
        verdict: { checked: true, breaking: section.breaking },
        findings,
        notes,
        ...(applied.accepted.length > 0 ? { accepted: applied.accepted } : {}),
        ...(applied.problems.length > 0 ? { acceptProblems: applied.problems } : {}),
      };
    }
  } catch (error) {
    // A schema that cannot be compared (an unresolvable `$ref`) leaves the surface unchecked.
    return uncheckedApiResult(`MCP tool snapshot ${path} could not be compared: ${describeError(error)}`);
  }
  const notes = baseBlob === undefined ? [`MCP tool snapshot ${path} is new at the ${SIDE_NAMES.head}: every tool counts as added`] : [];
  return checkedResult(findings, notes);
}

/** The snapshot, or the reason it cannot be used (naming the file and the ref). */
async function loadSnapshot(input: StageInput, side: Side, path: string): Promise<ToolSnapshot | string> {
  const text = await input.read(side, path);
  if (text === undefined) return `MCP tool snapshot ${path} is missing at the ${SIDE_NAMES[side]}`;
  const reading = await parseSnapshotText(text, path);
  return reading.ok ? reading.snapshot : `MCP tool snapshot ${path} at the ${SIDE_NAMES[side]} ${reading.reason}`;
}

function checkedResult(findings: Finding[], notes: string[]): StageResult<ApiSurfaceSection> {
  const section = apiSectionFromFindings(findings, MCP_RULE_CATALOGUE);
  return { section, verdict: { checked: true, breaking: section.breaking }, findings, notes };
}
