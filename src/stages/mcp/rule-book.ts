import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { MCP_RULES } from './catalogue.js';
import { MCP_DOCS } from './rule.js';
import { diffToolDocuments } from './tool-diff.js';

/** How the surface-neutral parts use the MCP rules (catalogue test, docs, reports). */
export const mcpRuleBook: RuleBook<'mcp'> = {
  surface: 'mcp',
  title: 'MCP tools',
  docs: MCP_DOCS,
  rules: MCP_RULES,
  findings: async (rule, example) =>
    diffToolDocuments(example.base, example.revision, 'mcp/tools.json', MCP_RULES).filter((finding) => finding.rule === rule.meta.id),
  showExample: (example) => ['Old:', '', fenced('json', snapshotText(example.base)), '', 'New:', '', fenced('json', snapshotText(example.revision))].join('\n'),
  details: () => '',
};

/** A snapshot with one tool a line: short enough to read in the docs, still valid JSON. */
function snapshotText(snapshot: unknown): string {
  const tools = Array.isArray(snapshot) ? snapshot : (snapshot as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return JSON.stringify(snapshot);
  const lines = tools.map((tool) => `  ${JSON.stringify(tool)}`).join(',\n');
  return Array.isArray(snapshot) ? `[\n${lines}\n]` : `{"tools": [\n${lines}\n]}`;
}
