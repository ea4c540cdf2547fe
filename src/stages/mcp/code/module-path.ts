import { posix } from 'node:path';

/**
 * The repository file a relative import names, looked up as Node and TypeScript would (a `.js`
 * specifier written for a `.ts` file included). One function for the change detection (over the
 * tree) and the evaluator (over the loaded files), so both follow the same edges.
 */
export function resolveModulePath(exists: (path: string) => boolean, fromPath: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(fromPath), specifier));
  if (base.startsWith('../') || base === '..') return undefined;
  const stem = base.replace(/\.(?:c|m)?jsx?$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}.mjs`, `${base}.cjs`, `${base}/index.ts`, `${base}/index.tsx`, `${base}/index.js`];
  return candidates.find((candidate) => CODE_FILE.test(candidate) && exists(candidate));
}

export const CODE_FILE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i;
