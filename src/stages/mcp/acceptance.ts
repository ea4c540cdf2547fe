import type { AcceptProblem } from '../../accept/policy.js';
import type { Finding } from '../../rules/types.js';
import { ACCEPT_KEY, readAcceptEntries, type AcceptHolder } from '../api-acceptance.js';
import type { ToolSnapshot } from './snapshot.js';

/**
 * `x-release-safety-accept: [{ rule, reason }]` in an MCP tool's `annotations` or `_meta` (the two
 * places the MCP specification leaves open for a server's own keys): it covers the findings about
 * that tool. Holders are keyed by tool name, so a tool that moves in the list keeps its entries.
 */
const PLACES = ['annotations', '_meta'] as const;

export function toolHolders(snapshot: ToolSnapshot, file: string): { holders: AcceptHolder[]; problems: AcceptProblem[] } {
  const holders: AcceptHolder[] = [];
  const problems: AcceptProblem[] = [];
  snapshot.tools.forEach((tool, index) => {
    for (const place of PLACES) {
      const holder = (tool as unknown as Record<string, unknown>)[place];
      if (typeof holder !== 'object' || holder === null || !Object.prototype.hasOwnProperty.call(holder, ACCEPT_KEY)) continue;
      const pointer = `${snapshot.toolPointer(index)}/${place}`;
      const read = readAcceptEntries((holder as Record<string, unknown>)[ACCEPT_KEY], file, pointer);
      holders.push({ file, pointer, subject: tool.name, entries: read.entries });
      problems.push(...read.problems);
    }
  });
  return { holders, problems };
}

export const coversTool = (holder: AcceptHolder, finding: Finding): boolean => holder.subject !== undefined && finding.params.tool === holder.subject;
