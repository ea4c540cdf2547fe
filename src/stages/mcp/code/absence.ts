import type { Side, StageInput } from '../../contract.js';

/**
 * Evidence that a ref has no MCP tools at all: no package.json of the tree depends on an MCP
 * library (`@modelcontextprotocol/sdk`, `fastmcp`, `@acme/server-mcp`…). A backfill visits releases
 * from before a service added its MCP server; there the configured sources select nothing, and that
 * absence is proven only by the manifests — the same evidence `init` uses to write `mcpTools: false`.
 */
const MCP_DEPENDENCY = /mcp|modelcontextprotocol/i;
const MANIFEST = /(^|\/)package\.json$/;
const IGNORED = /(^|\/)(node_modules|dist|build|\.next|\.turbo)\//;
const FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** The MCP dependencies of a ref's manifests (file: name), or undefined when a manifest cannot be read (nothing is proven then). */
export async function mcpDependencies(input: StageInput, side: Side): Promise<string[] | undefined> {
  const found: string[] = [];
  for (const path of input.trees[side].keys()) {
    if (!MANIFEST.test(path) || IGNORED.test(path)) continue;
    const text = await input.read(side, path);
    if (text === undefined) return undefined;
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    for (const field of FIELDS) {
      const deps = manifest[field];
      if (deps && typeof deps === 'object') for (const name of Object.keys(deps)) if (MCP_DEPENDENCY.test(name)) found.push(`${path}: ${name}`);
    }
  }
  return found;
}
