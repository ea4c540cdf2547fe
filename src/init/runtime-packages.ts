import { packageOf } from './globs.js';

/**
 * Workspace packages of a monorepo that the deployed service does not run, on positive evidence
 * only: `init` keeps env sources out of them, so the variables of a test harness (trigger.dev's
 * `internal-packages/testcontainers`) or of an SDK published for the service's users
 * (`packages/python`) are not read as the service's settings.
 *
 * - a test harness: a package named or placed as tests (`testcontainers`, `sdk-compat-tests`, `e2e`);
 * - a library published to npm: not `private`, with a `publishConfig` or a `files` list.
 *
 * Either stays in when any non-test source of a package that stays imports it (by name or by a
 * relative path into its folder), to a fixed point: a published package the server imports at run
 * time (`@trigger.dev/core`, imported by the webapp) is part of its config surface. Imports, not
 * manifests, decide: bundled apps list run-time packages under `devDependencies` beside test-only ones.
 */
export interface NotRuntime {
  /** Package folders left out, each with why. */
  packages: Map<string, string>;
}

interface Manifest {
  name?: unknown;
  private?: unknown;
  publishConfig?: unknown;
  files?: unknown;
}

const TEST_HARNESS = /(^|[/@_-])(tests?|testing|testcontainers|e2e|fixtures?)([/_-]|$)/i;
const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** The repository path a relative specifier of `file` names (`..` resolved), or undefined when it leaves the repository. */
function resolveRelative(file: string, specifier: string): string | undefined {
  const parts = file.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

export function notRuntimePackages(read: (file: string) => string | undefined, packages: ReadonlySet<string>, sources: readonly string[]): NotRuntime {
  const byName = new Map<string, string>();
  const candidates = new Map<string, string>();
  for (const dir of packages) {
    if (dir === '') continue;
    let manifest: Manifest;
    try {
      manifest = JSON.parse(read(`${dir}/package.json`) ?? '{}') as Manifest;
    } catch {
      continue; // an unreadable manifest: its package stays
    }
    const name = typeof manifest.name === 'string' ? manifest.name : '';
    if (name !== '') byName.set(name, dir);
    if (TEST_HARNESS.test(dir) || TEST_HARNESS.test(name)) candidates.set(dir, 'test infrastructure');
    else if (manifest.private !== true && (manifest.publishConfig !== undefined || manifest.files !== undefined))
      candidates.set(dir, 'a library published to npm');
  }
  if (candidates.size === 0) return { packages: candidates };
  // What each package's non-test sources import (workspace packages only).
  const imports = new Map<string, Set<string>>();
  for (const file of sources) {
    const from = packageOf(file, packages);
    let targets = imports.get(from);
    if (!targets) imports.set(from, (targets = new Set()));
    for (const match of (read(file) ?? '').matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1]!;
      let target: string | undefined;
      if (specifier.startsWith('.')) {
        const resolved = resolveRelative(file, specifier);
        target = resolved === undefined ? undefined : packageOf(`${resolved}/x`, packages);
      } else target = byName.get(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      if (target !== undefined && target !== from) targets.add(target);
    }
  }
  // A candidate imported by a package that stays, stays too; to a fixed point.
  for (let changed = true; changed;) {
    changed = false;
    for (const [from, targets] of imports) {
      if (candidates.has(from)) continue;
      for (const target of targets) if (candidates.delete(target)) changed = true;
    }
  }
  return { packages: candidates };
}
