import { formatOf, parseJsonOrYaml } from '../../core/structured-text.js';

/**
 * The committed MCP tool snapshot: a `tools/list` result `{ "tools": [...] }` or a bare array of
 * tools. Read strictly: a file that does not have this shape is not guessed at, it makes the
 * surface unchecked (fail closed).
 */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface McpTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotations;
}

export interface ToolSnapshot {
  tools: McpTool[];
  /** JSON pointer of tool `index` in the file: `/tools/3` or `/3` for a bare array. */
  toolPointer(index: number): string;
  /** Where tool `index` is defined, when it was read from source code rather than a snapshot file. */
  toolSource?(index: number): ToolSource;
}

export interface ToolSource {
  file: string;
  line: number;
}

export type SnapshotReading = { ok: true; snapshot: ToolSnapshot } | { ok: false; reason: string };

export const EMPTY_SNAPSHOT: ToolSnapshot = { tools: [], toolPointer: (index) => `/tools/${index}` };

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * Parses snapshot text, JSON or YAML by the file name (as `diff mcp` reads it); the reason names
 * what is wrong (the caller adds the file and the ref).
 */
export async function parseSnapshotText(text: string, path: string): Promise<SnapshotReading> {
  let document: unknown;
  try {
    document = await parseJsonOrYaml(text, path);
  } catch (error) {
    // YAML parser messages quote the source over several lines; a note is one line.
    const message = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];
    return { ok: false, reason: `is not valid ${formatOf(path, text)} (${message})` };
  }
  return readSnapshot(document);
}

export function readSnapshot(document: unknown): SnapshotReading {
  const bare = Array.isArray(document);
  const list: unknown = bare ? document : isObject(document) ? document.tools : undefined;
  if (!Array.isArray(list)) return { ok: false, reason: 'is neither a tools/list result {"tools": [...]} nor an array of tools' };
  const tools: McpTool[] = [];
  const seen = new Set<string>();
  for (const [index, tool] of list.entries()) {
    const problem = toolProblem(tool);
    if (problem) return { ok: false, reason: `has an invalid tool at index ${index}: ${problem}` };
    const valid = tool as McpTool;
    if (seen.has(valid.name)) return { ok: false, reason: `lists tool "${valid.name}" twice` };
    seen.add(valid.name);
    tools.push(valid);
  }
  return { ok: true, snapshot: { tools, toolPointer: (index) => (bare ? `/${index}` : `/tools/${index}`) } };
}

function toolProblem(tool: unknown): string | undefined {
  if (!isObject(tool)) return 'not an object';
  if (typeof tool.name !== 'string' || tool.name === '') return 'no "name" string';
  if (tool.description !== undefined && typeof tool.description !== 'string') return `"description" of "${tool.name}" is not a string`;
  if (!isObject(tool.inputSchema)) return `"inputSchema" of "${tool.name}" is missing or not an object`;
  if (tool.outputSchema !== undefined && !isObject(tool.outputSchema)) return `"outputSchema" of "${tool.name}" is not an object`;
  if (tool.annotations !== undefined) {
    if (!isObject(tool.annotations)) return `"annotations" of "${tool.name}" is not an object`;
    for (const hint of HINTS) {
      const value = tool.annotations[hint];
      if (value !== undefined && typeof value !== 'boolean') return `annotation "${hint}" of "${tool.name}" is not a boolean`;
    }
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
