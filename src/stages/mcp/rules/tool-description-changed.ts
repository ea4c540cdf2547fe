import { defineRule } from '../../../rules/define.js';
import { schemaChangeFindings, toolFinding } from '../rule.js';

export const rule = defineRule(
  {
    id: 'tool-description-changed',
    surface: 'mcp',
    level: 'advisory',
    summary: 'The description of a tool or of one of its properties changed.',
    message: 'tool "{tool}" — description of {element} changed',
    why: 'Agents choose and call tools by their descriptions: a changed description can change what a model does with the tool.',
    fix: 'Keep the description of {element} of "{tool}" compatible with what old callers were told (agents plan from it); add new guidance rather than contradicting the old.',
    docs: 'docs/mcp.md',
  },
  {
    flagged: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { description: 'old' } } } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: { q: { description: 'new' } } } }] },
      },
    ],
    quiet: [
      {
        base: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, description: 'd', annotations: { title: 'A' } }] },
        revision: { tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, description: 'd', annotations: { title: 'B' } }] },
      },
    ],
  },
  (pair, meta) => {
    if (pair.base === undefined || pair.revision === undefined) return [];
    const findings = pair.base.description === pair.revision.description ? [] : [toolFinding(meta, pair, { element: 'the tool' })];
    for (const side of ['input', 'output'] as const) {
      findings.push(
        ...schemaChangeFindings(meta, pair, side, (change) =>
          change.kind === 'description-changed' ? { element: `${side} property "${change.path}"` } : undefined,
        ),
      );
    }
    return findings;
  },
);
