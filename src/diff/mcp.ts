import { describeError, InputError } from '../core/errors.js';
import type { Finding } from '../rules/types.js';
import { mcpStage } from '../stages/mcp/index.js';
import { firstLine, readInput } from '../core/input-files.js';
import { buildDiffReport, type DiffReport } from './report.js';
import { formatOf, parseJsonOrYaml } from '../core/structured-text.js';

/**
 * `diff mcp` on two files: the MCP stage's engine (`readSnapshot` + `diffToolSnapshots`, the
 * functions beneath `mcpStage.run`) over two snapshot files. The files may be JSON or YAML; the
 * engine's strict reading of the snapshot shape decides what is a snapshot, and anything it
 * rejects or cannot compare is an input error naming the file (exit 2), never a clean pass.
 */

async function parseSnapshotFile(path: string, text: string): Promise<unknown> {
  try {
    return await parseJsonOrYaml(text, path);
  } catch (error) {
    throw new InputError(`${path} does not parse as ${formatOf(path, text)}: ${firstLine(describeError(error))}`);
  }
}

async function loadSnapshot(path: string) {
  const { readSnapshot } = await import('../stages/mcp/snapshot.js');
  const reading = readSnapshot(await parseSnapshotFile(path, await readInput(path)));
  if (!reading.ok) throw new InputError(`${path} ${reading.reason} (not an MCP tool snapshot)`);
  return reading.snapshot;
}

export async function diffMcpFiles(oldPath: string, newPath: string): Promise<DiffReport> {
  const [base, revision] = await Promise.all([loadSnapshot(oldPath), loadSnapshot(newPath)]);
  const [{ diffToolSnapshots }, { MCP_RULES }] = await Promise.all([import('../stages/mcp/tool-diff.js'), import('../stages/mcp/catalogue.js')]);
  let findings: Finding[];
  try {
    findings = diffToolSnapshots(base, revision, newPath, MCP_RULES);
  } catch (error) {
    // A schema the engine cannot compare (an unresolvable `$ref`): the stage leaves the surface unchecked.
    throw new InputError(`MCP snapshots ${oldPath} and ${newPath} could not be compared: ${firstLine(describeError(error))}`);
  }
  return buildDiffReport(findings, mcpStage.rules);
}
