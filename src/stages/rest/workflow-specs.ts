import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describeError, InputError } from '../../core/errors.js';
import { fileSystemPath, readFileSystemPath, userPathsIn } from '../../core/file-system-paths.js';
import { firstLine } from '../../core/input-files.js';
import type { Side, WorkflowSpecFile } from '../contract.js';
import { mayHaveExternalRefs } from './bundle.js';

/**
 * `generate --openapi-base <file> --openapi-head <file>`: the two OpenAPI documents the release
 * workflow generated (build-time specs: NestJS swagger, fastify-swagger, ts-rest, tRPC-openapi),
 * read from disk instead of the git trees. Both are loaded here, before any stage runs, so a
 * missing or invalid file is an input error (exit 2) naming the flag and the file, never a
 * half-checked release. The models built here are the ones the REST stage compares (cached by
 * content hash in the engine): each document is parsed once.
 */

export interface WorkflowSpecPaths {
  base: string;
  head: string;
}

const FLAGS: Readonly<Record<Side, string>> = { base: '--openapi-base', head: '--openapi-head' };

export async function readWorkflowSpecs(paths: WorkflowSpecPaths): Promise<Record<Side, WorkflowSpecFile>> {
  const base = await readOne('base', paths.base);
  const head = await readOne('head', paths.head);
  return { base, head };
}

async function readOne(side: Side, file: string): Promise<WorkflowSpecFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read ${FLAGS[side]} ${file}: ${(error as NodeJS.ErrnoException).code ?? describeError(error)}`);
  }
  const spec: WorkflowSpecFile = { text, source: file, path: fileSystemPath(file), readSibling: readFileSystemPath };
  const [{ preloadModel }, { SpecError }] = await Promise.all([import('./engine.js'), import('./spec-error.js')]);
  try {
    await preloadModel(specTextOf(spec));
  } catch (error) {
    if (error instanceof SpecError)
      throw new InputError(`${FLAGS[side]} ${file} is not a usable OpenAPI document: ${firstLine(userPathsIn(error.message, [file]))}`);
    throw error;
  }
  return spec;
}

/** The engine's view of a document from disk; a self-contained one is cached under its content hash. */
export function specTextOf(spec: WorkflowSpecFile, label?: string) {
  const blobId = mayHaveExternalRefs(spec.text) ? undefined : `file:${createHash('sha1').update(spec.text).digest('hex')}`;
  return {
    text: spec.text,
    path: spec.path,
    readSibling: spec.readSibling,
    ...(label === undefined ? {} : { label }),
    ...(blobId === undefined ? {} : { blobId }),
  };
}
