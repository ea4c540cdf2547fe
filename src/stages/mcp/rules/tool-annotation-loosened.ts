import { defineRule } from '../../../rules/define.js';
import type { Finding } from '../../../rules/types.js';
import { toolFinding } from '../rule.js';

type HintName = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

/** Each hint's value when absent (MCP specification defaults) and its safe value. */
const HINT_SAFETY: Record<HintName, { absentMeans: boolean; safe: boolean }> = {
  readOnlyHint: { absentMeans: false, safe: true },
  destructiveHint: { absentMeans: true, safe: false },
  idempotentHint: { absentMeans: false, safe: true },
  openWorldHint: { absentMeans: true, safe: false },
};

function hintValue(value: boolean | undefined, absentMeans: boolean): boolean {
  return value ?? absentMeans;
}

export const rule = defineRule(
  {
    id: 'tool-annotation-loosened',
    surface: 'mcp',
    level: 'advisory',
    summary: 'A safety hint became less safe (readOnlyHint true→false, destructiveHint false→true, idempotentHint true→false, openWorldHint false→true).',
    message: 'tool "{tool}" — annotation {hint} loosened ({before} → {after})',
    why: 'Clients decide from these hints whether to ask the user before calling; a looser hint means the tool may now do more than the client assumes.',
    fix: 'Confirm the looser {hint} ({after}) of "{tool}" is intended; clients that auto-approved the tool on {before} may now ask, or stop asking, for confirmation.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, annotations: { destructiveHint: false } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, annotations: {} }] },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: false } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } }] },
      },
    ],
  },
  (pair, meta) => {
    if (pair.base === undefined || pair.revision === undefined) return [];
    const findings: Finding[] = [];
    for (const [hint, { absentMeans, safe }] of Object.entries(HINT_SAFETY)) {
      const before = hintValue(pair.base.annotations?.[hint as HintName], absentMeans);
      const after = hintValue(pair.revision.annotations?.[hint as HintName], absentMeans);
      if (before === safe && after !== safe) findings.push(toolFinding(meta, pair, { hint, before: String(before), after: String(after) }));
    }
    return findings;
  },
);
