import { readFileSync } from 'node:fs';
import { validateIndex } from '../artifact/validate.js';
import type { ReleaseSafetyIndex } from '../artifact/types.js';
import { openRepository } from '../git/index.js';
import { serializeIndex } from './entries.js';
import type { ReleaseTagInfo } from './entries.js';
import { chooseReleaseTags, loadArtifactsDir, loadIndexFile } from './load.js';
import { regenerateIndex } from './regenerate.js';
import type { IndexReport } from './regenerate.js';
import { writeFileAtomic } from '../artifact/write.js';
import { parseConfig } from '../config/load.js';
import type { ReleaseSafetyConfig } from '../config/types.js';
import { tagPatterns } from '../core/tag-pattern.js';
import { committedConfig } from './committed-config.js';
import { describeError, InputError } from '../core/errors.js';

async function readConfigFile(file: string): Promise<ReleaseSafetyConfig> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read --config ${file}: ${describeError(error)}`);
  }
  return parseConfig(text, file);
}

/** The `index` command without its CLI: read inputs, regenerate, validate, write atomically. */
export interface IndexRunOptions {
  /** Folder of per-release artifacts; absent: none (e.g. rewriting an existing index with a new floor). */
  artifactsDir?: string;
  repoDir?: string;
  existingIndexFile?: string;
  floor?: string;
  /** Config file (`--config`): its `floorVersion` is the floor when `floor` is not given. */
  configFile?: string;
  outFile: string;
  skipInvalid?: boolean;
  /** Injected clock (tests); `generatedAt` is the only field allowed to differ between runs. */
  now?: () => Date;
}

export interface IndexRunOutcome {
  index: ReleaseSafetyIndex;
  report: IndexReport;
  /** Notes from reading the repository's tags. */
  tagNotes: string[];
}

export async function runIndex(options: IndexRunOptions): Promise<IndexRunOutcome> {
  // The config first: a bad file is refused before anything else is read.
  // Without --config, the repository's own config names the tag patterns (init writes them there).
  const config =
    options.configFile === undefined
      ? options.repoDir === undefined
        ? undefined
        : (await committedConfig(options.repoDir))?.config
      : await readConfigFile(options.configFile);
  const configFloor = config?.floorVersion;
  const { artifacts, skipped } = options.artifactsDir
    ? loadArtifactsDir(options.artifactsDir, { skipInvalid: options.skipInvalid })
    : { artifacts: [], skipped: [] };
  const existingIndex = options.existingIndexFile ? loadIndexFile(options.existingIndexFile) : undefined;
  let tags: ReleaseTagInfo[] | undefined;
  let tagNotes: string[] = [];
  if (options.repoDir) {
    const repository = await openRepository(options.repoDir);
    try {
      ({ tags, notes: tagNotes } = chooseReleaseTags(await repository.releaseTags(tagPatterns(config?.tags))));
    } finally {
      await repository.close();
    }
  }
  const { index, report } = regenerateIndex({
    artifacts,
    tags,
    existingIndex,
    floor: options.floor,
    ...(configFloor === undefined ? {} : { configFloor }),
    generatedAt: (options.now ?? (() => new Date()))().toISOString(),
    skippedArtifacts: skipped,
  });
  const schema = validateIndex(index);
  if (!schema.valid) {
    // Every entry was built from validated inputs; a schema failure here is a bug, never written out.
    throw new Error(`the regenerated index does not match its schema (not written): ${schema.errors.slice(0, 5).join('; ')}`);
  }
  writeFileAtomic(options.outFile, serializeIndex(index));
  return { index, report, tagNotes };
}
