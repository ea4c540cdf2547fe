import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSystemPath, readFileSystemPath, userPathsIn } from '../../src/core/file-system-paths.js';

/** Addressing files on disk the way the engines address repository paths. */

describe('file-system paths', () => {
  it('addresses a file by its absolute path without the root, and reads it back', async () => {
    const path = fileSystemPath('fixtures/diff/mcp/base.json');
    expect(path).toBe(resolve('fixtures/diff/mcp/base.json').slice(1));
    expect(path.startsWith('/')).toBe(false);
    expect(await readFileSystemPath(path)).toContain('"list_metrics"');
    expect(await readFileSystemPath(`${path}.missing`)).toBeUndefined();
  });

  it('shows engine paths as the user typed them, or relative to the working directory', () => {
    const typed = '../outside/spec.yaml';
    const message = `${fileSystemPath(typed)}: referenced file ${fileSystemPath('fixtures/x.yaml')} does not exist`;
    expect(userPathsIn(message, [typed])).toBe('../outside/spec.yaml: referenced file fixtures/x.yaml does not exist');
  });
});
