import { InputError } from '../core/errors.js';
import type { Finding } from '../rules/types.js';
import { restStage } from '../stages/rest/index.js';
import { DEFAULT_POLICY } from '../stages/rest/policy.js';
import { fileSystemPath, readFileSystemPath, userPathsIn } from '../core/file-system-paths.js';
import { firstLine, readInput } from '../core/input-files.js';
import { buildDiffReport, type DiffReport } from './report.js';

/**
 * `diff openapi` on two files: the REST stage's engine (`compareSpecs`) over the two texts, with
 * its reader of sibling files pointed at the disk, so `$ref`s to other files are followed
 * relative to each spec exactly as `generate` follows them inside a git tree (never over the network).
 */

async function loaderOf(inputs: readonly string[]) {
  const [{ compareSpecs }, { loadSpec }, { mayHaveExternalRefs }, { SpecError }] = await Promise.all([
    import('../stages/rest/engine.js'),
    import('../stages/rest/load.js'),
    import('../stages/rest/bundle.js'),
    import('../stages/rest/spec-error.js'),
  ]);
  /** The engine names the file in every SpecError: an input that is not a usable OpenAPI document (exit 2). */
  const asInputError = (error: unknown): unknown => (error instanceof SpecError ? new InputError(firstLine(userPathsIn(error.message, inputs))) : error);
  return { compareSpecs, loadSpec, mayHaveExternalRefs, asInputError };
}

/** `warn` receives each recoverable problem of either document (the CLI prints them on stderr, so `--json` stays the documented shape). */
export async function diffOpenApiFiles(oldPath: string, newPath: string, warn: (warning: string) => void = () => {}): Promise<DiffReport> {
  const [oldText, newText] = await Promise.all([readInput(oldPath), readInput(newPath)]);
  const { compareSpecs, loadSpec, mayHaveExternalRefs, asInputError } = await loaderOf([oldPath, newPath]);
  const [oldSpec, newSpec] = [
    { text: oldText, path: fileSystemPath(oldPath), readSibling: readFileSystemPath },
    { text: newText, path: fileSystemPath(newPath), readSibling: readFileSystemPath },
  ];
  let findings: Finding[];
  let warnings: string[];
  try {
    if (oldText === newText && !mayHaveExternalRefs(oldText)) {
      // Identical self-contained texts cannot differ (the stage decides the same from equal blob
      // ids); the spec is still loaded once, so that an unusable document is an error, not a pass.
      warnings = (await loadSpec(newSpec.text, newSpec.path)).warnings;
      findings = [];
    } else {
      // Two files have no commit date: sunsets (`x-sunset`) are compared with today's date.
      ({ findings, warnings } = await compareSpecs(oldSpec, newSpec, { ...DEFAULT_POLICY, today: new Date().toISOString() }));
    }
  } catch (error) {
    throw asInputError(error);
  }
  for (const warning of warnings) warn(userPathsIn(warning, [oldPath, newPath]));
  return buildDiffReport(findings, restStage.rules);
}
