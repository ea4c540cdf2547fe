import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseSafetyArtifact } from '../artifact/types.js';
import { validateArtifact } from '../artifact/validate.js';
import { describeError } from '../core/errors.js';
import { readCappedBody } from '../core/http-body.js';
import { parseJson } from '../core/structured-text.js';
import { cacheDirectory, readCachedIndex, writeCachedIndex } from '../span/index-cache.js';

/**
 * The per-release artifacts of a span: from a folder (`<dir>/<version>.json`, as `backfill` and the
 * release workflow write them) or a URL template (`https://…/download/{version}/release-safety.json`),
 * fetched with the index's timeout and its disk cache (a cached copy is used offline or when the
 * server cannot be reached). A release whose artifact cannot be had is reported, never skipped.
 */
export type ArtifactOutcome = { artifact: ReleaseSafetyArtifact; missing?: undefined } | { artifact?: undefined; missing: string };

/** An artifact body may be large (a release with many changes); a bomb may not. */
const MAX_ARTIFACT_BYTES = 16 * 1024 * 1024;

export function checkedArtifact(text: string, where: string, version: string): ArtifactOutcome {
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (error) {
    return { missing: `${where} is not valid JSON: ${describeError(error)}` };
  }
  const validation = validateArtifact(data);
  if (!validation.valid) return { missing: `${where} does not match the artifact schema: ${validation.errors.slice(0, 3).join('; ')}` };
  const artifact = data as ReleaseSafetyArtifact;
  if (artifact.version !== version) return { missing: `${where} describes ${artifact.version}, not ${version}` };
  return { artifact };
}

async function fetchText(url: string, timeoutMs: number): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal, redirect: 'follow' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await readCappedBody(response, MAX_ARTIFACT_BYTES, controller, () => new Error(`larger than ${MAX_ARTIFACT_BYTES} bytes`));
  } finally {
    clearTimeout(timer);
  }
}

export async function loadArtifacts(
  versions: readonly string[],
  source: string,
  options: { timeoutMs: number; offline?: boolean; env?: NodeJS.ProcessEnv },
): Promise<Map<string, ArtifactOutcome>> {
  const outcomes = new Map<string, ArtifactOutcome>();
  const isUrl = /^https?:\/\//i.test(source);
  if (isUrl && !source.includes('{version}')) throw new Error(`--artifacts ${source}: a URL template needs {version}`);
  const cache = cacheDirectory(options.env ?? process.env);
  await Promise.all(
    versions.map(async (version) => {
      if (!isUrl) {
        const file = join(source, `${version}.json`);
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (error) {
          outcomes.set(version, { missing: `${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : describeError(error)}` });
          return;
        }
        outcomes.set(version, checkedArtifact(text, file, version));
        return;
      }
      const url = source.replaceAll('{version}', encodeURIComponent(version));
      const cached = readCachedIndex(cache, url);
      if (options.offline) {
        outcomes.set(version, cached ? checkedArtifact(cached.body, `${url} (cached copy)`, version) : { missing: `${url}: --offline and no cached copy` });
        return;
      }
      try {
        const text = await fetchText(url, options.timeoutMs);
        const outcome = checkedArtifact(text, url, version);
        // Only a valid artifact is worth keeping: a release's artifact does not change once published.
        if (outcome.artifact) writeCachedIndex(cache, { url, etag: null, lastModified: null, fetchedAt: new Date().toISOString(), body: text });
        outcomes.set(version, outcome);
      } catch (error) {
        outcomes.set(
          version,
          cached
            ? checkedArtifact(cached.body, `${url} (cached copy; fetching failed: ${describeError(error)})`, version)
            : { missing: `${url}: ${describeError(error)}` },
        );
      }
    }),
  );
  return outcomes;
}
