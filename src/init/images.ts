import { findImages, isDeploymentYamlPath } from '../bump/find-images.js';
import { imageKey } from '../bump/image-ref.js';
import type { ImageIndexConfig } from '../config/types.js';
import { versionOfTag } from '../core/tag-pattern.js';
import type { RepositoryView } from './detect.js';

/**
 * `init` in a deployment repository: an `images` entry for every container image whose tag names a
 * release version (`1.4.2`, `v1.4.2`) in its compose files, Kubernetes manifests, Helm values and
 * Kustomize overlays, with the tag pattern it uses. `index` is left for the operator: only the
 * service's publisher knows where its release-safety index is, and an entry without one is listed
 * by `bump-check` as not checked yet.
 */
export interface ImagesProposal {
  images: Record<string, ImageIndexConfig>;
  /** One line per image: where it was found. */
  explanation: string[];
}

/** Files larger than this are not deployment YAML worth reading here. */
const MAX_FILES = 2_000;

export function proposeImages(view: RepositoryView): ImagesProposal | undefined {
  const found = new Map<string, { repository: string; tags: Set<string>; where: string }>();
  for (const file of view.files.filter(isDeploymentYamlPath).slice(0, MAX_FILES)) {
    const text = view.read(file);
    if (text === undefined) continue;
    for (const occurrence of findImages(file, text).occurrences) {
      const { repository, tag } = occurrence.reference;
      if (tag === undefined) continue;
      const pattern = versionOfTag(tag, ['{version}']) ? '{version}' : versionOfTag(tag, ['v{version}']) ? 'v{version}' : undefined;
      if (pattern === undefined) continue;
      const key = imageKey(repository);
      const entry = found.get(key) ?? { repository, tags: new Set<string>(), where: `${file}:${occurrence.line}` };
      entry.tags.add(pattern);
      found.set(key, entry);
    }
  }
  if (found.size === 0) return undefined;
  const images: Record<string, ImageIndexConfig> = {};
  const explanation: string[] = [];
  for (const [, entry] of [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const tags = [...entry.tags].sort();
    images[entry.repository] = tags.length === 1 && tags[0] === '{version}' ? {} : { tags: tags.length === 1 ? tags[0]! : tags };
    explanation.push(
      `images["${entry.repository}"]: found at ${entry.where}; set "index" to the release-safety index its service publishes (and "artifacts" for env checks)`,
    );
  }
  return { images, explanation };
}
