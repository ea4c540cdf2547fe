import { posix } from 'node:path';
import { parseEnv } from 'node:util';
import type { Repository } from '../git/index.js';
import { findImages, isDeploymentYamlPath, type EnvSetting, type ImageOccurrence, type InterpolationVariables } from './find-images.js';
import { imageKey, type ImageReference } from './image-ref.js';

/**
 * The image references whose tag (or digest, or name) changed between two commits of a deployment
 * repository, matched by their place in the file, with the environment the head commit sets for each.
 * A modified YAML file that cannot be read at one of the refs is kept as a problem with the images
 * the readable side names, so that a configured image in it is not silently passed over.
 */
export interface ImageChange {
  file: string;
  line: number;
  kind: ImageOccurrence['kind'];
  location: string;
  base: ImageReference;
  head: ImageReference;
  /** Variables the head commit sets for the container (compose `environment:` and `env_file:`, `env:` lists). */
  env: EnvSetting[];
  /** Env files named but not readable at the head commit. */
  envProblems: string[];
}

export interface UnreadableFile {
  file: string;
  reason: string;
  /** Image repositories the other ref's version of the file names (they may have changed unseen). */
  repositories: string[];
  /** The text has template markers (`{{ … }}`: a Helm chart's templates/): not meant to be YAML before rendering. */
  template: boolean;
}

export interface CollectedChanges {
  changes: ImageChange[];
  unreadable: UnreadableFile[];
}

const MAX_FILE_BYTES = 4 * 1024 * 1024;

export async function collectImageChanges(repository: Repository, baseCommit: string, headCommit: string): Promise<CollectedChanges> {
  const [baseTree, headTree, changed] = await Promise.all([
    repository.listTree(baseCommit),
    repository.listTree(headCommit),
    repository.diffPaths(baseCommit, headCommit),
  ]);
  const readAt = async (tree: Map<string, string>, path: string): Promise<string | undefined> => {
    const blob = tree.get(path);
    if (blob === undefined) return undefined;
    const bytes = await repository.readBlob(blob);
    return bytes.length > MAX_FILE_BYTES ? undefined : bytes.toString('utf8');
  };
  const changes: ImageChange[] = [];
  const unreadable: UnreadableFile[] = [];
  // Compose interpolates `${VAR}` from the `.env` of its folder: a changed `.env` may bump the tag of an unchanged compose file.
  const changedEnvFolders = new Set(changed.filter((path) => posix.basename(path.path) === '.env').map((path) => posix.dirname(path.path)));
  const files = [
    ...new Set([
      ...changed.filter((path) => path.status === 'modified' && isDeploymentYamlPath(path.path)).map((path) => path.path),
      ...[...headTree.keys()].filter((path) => changedEnvFolders.has(posix.dirname(path)) && isDeploymentYamlPath(path) && baseTree.has(path)),
    ]),
  ];
  const variablesAt = async (tree: Map<string, string>, file: string): Promise<InterpolationVariables> => {
    const envPath = posix.join(posix.dirname(file), '.env');
    const text = await readAt(tree, envPath);
    return text === undefined ? new Map() : interpolationVariables(envPath, text);
  };
  await Promise.all(
    files.map(async (file) => {
      const [baseText, headText] = await Promise.all([readAt(baseTree, file), readAt(headTree, file)]);
      if (baseText === undefined || headText === undefined) {
        unreadable.push({ file, reason: `larger than ${MAX_FILE_BYTES} bytes`, repositories: [], template: false });
        return;
      }
      const [baseVariables, headVariables] = await Promise.all([variablesAt(baseTree, file), variablesAt(headTree, file)]);
      const base = findImages(file, baseText, baseVariables);
      const head = findImages(file, headText, headVariables);
      if (base.problems.length > 0 || head.problems.length > 0) {
        const readable = head.problems.length > 0 ? base : head;
        const reason = [
          base.problems.length > 0 ? `at the base, ${base.problems[0]!}` : '',
          head.problems.length > 0 ? `at the head, ${head.problems[0]!}` : '',
        ]
          .filter(Boolean)
          .join('; ');
        const template = baseText.includes('{{') || headText.includes('{{');
        unreadable.push({ file, reason, repositories: [...new Set(readable.occurrences.map((found) => found.reference.repository))], template });
        return;
      }
      const baseByLocation = byLocation(base.occurrences);
      const headByLocation = byLocation(head.occurrences);
      // A place that is gone at the head, paired with a new place of the same image: a renamed service
      // (or container, or values key) whose tag changed in the same commit is still a bump.
      const vanished = [...baseByLocation].filter(([location]) => !headByLocation.has(location)).map(([, occurrence]) => occurrence);
      for (const [location, occurrence] of headByLocation) {
        let before = baseByLocation.get(location);
        if (!before) {
          const index = vanished.findIndex((candidate) => imageKey(candidate.reference.repository) === imageKey(occurrence.reference.repository));
          if (index === -1) continue;
          before = vanished.splice(index, 1)[0]!;
        }
        if (sameReference(before.reference, occurrence.reference)) continue;
        const { env, problems } = await environmentOf(occurrence, (path) => readAt(headTree, path));
        // A tag set through `.env` is reported where the version changed: the `.env` line.
        const where = occurrence.tagSource ?? { file, line: occurrence.line };
        const shownLocation = occurrence.tagSource ? `${location} of ${file}` : location;
        changes.push({
          ...where,
          kind: occurrence.kind,
          location: shownLocation,
          base: before.reference,
          head: occurrence.reference,
          env,
          envProblems: problems,
        });
      }
    }),
  );
  changes.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  unreadable.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { changes, unreadable };
}

/** Locations made unique in file order (`services.web`, `services.web#2` when two documents name the same place). */
function byLocation(occurrences: readonly ImageOccurrence[]): Map<string, ImageOccurrence> {
  const map = new Map<string, ImageOccurrence>();
  for (const occurrence of occurrences) {
    let key = occurrence.location;
    for (let n = 2; map.has(key); n++) key = `${occurrence.location}#${n}`;
    map.set(key, occurrence);
  }
  return map;
}

const sameReference = (a: ImageReference, b: ImageReference) => a.repository === b.repository && a.tag === b.tag && a.digest === b.digest;

/** Compose reads `env_file:` first and `environment:` over it; both places are kept, each with its line. */
async function environmentOf(
  occurrence: ImageOccurrence,
  read: (path: string) => Promise<string | undefined>,
): Promise<{ env: EnvSetting[]; problems: string[] }> {
  const env: EnvSetting[] = [];
  const problems: string[] = [];
  for (const envFile of occurrence.envFiles) {
    const text = await read(envFile.path);
    if (text === undefined) {
      if (envFile.required)
        problems.push(`${envFile.path} (env_file of ${occurrence.location}, ${occurrence.file}:${envFile.line}) is not in the repository at the head ref`);
      continue;
    }
    env.push(...envFileSettings(envFile.path, text));
  }
  env.push(...occurrence.env);
  return { env, problems };
}

/** The variables an env file sets, each with its line (Node's own `.env` reader decides what is set). */
export function envFileSettings(file: string, text: string): EnvSetting[] {
  const names = new Set(Object.keys(parseEnv(text.replace(/^\s*export\s+/gm, ''))));
  const settings: EnvSetting[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((lineText, index) => {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=/.exec(lineText);
    const name = match?.[1];
    if (name === undefined || !names.has(name) || seen.has(name)) return;
    seen.add(name);
    settings.push({ name, file, line: index + 1 });
  });
  return settings;
}

/** `.env` as compose reads it for interpolation: each variable with its value and line. */
function interpolationVariables(file: string, text: string): InterpolationVariables {
  const values = parseEnv(text.replace(/^\s*export\s+/gm, ''));
  return new Map(envFileSettings(file, text).map((setting) => [setting.name, { value: values[setting.name] ?? '', file, line: setting.line }]));
}
