import { posix } from 'node:path';

/** File-name tests shared by the format modules (paths are relative to the migrations folder). */

/** A file directly in the folder (not in a sub-folder). */
export const isTopLevel = (relativePath: string): boolean => !relativePath.includes('/');

export const isSqlFile = (relativePath: string): boolean => relativePath.endsWith('.sql');

/** TypeScript or JavaScript source that a migration runner would load; declarations and tests are not migrations. */
export function isScriptFile(relativePath: string): boolean {
  if (!/\.(ts|js|cjs|mjs|mts|cts)$/.test(relativePath)) return false;
  if (/\.d\.[cm]?ts$/.test(relativePath) || /\.(test|spec)\.[cm]?[jt]s$/.test(relativePath)) return false;
  return !posix.basename(relativePath).startsWith('.');
}

/** Top-level script files of a folder (the ORM formats load the folder itself, not sub-folders). */
export const topLevelScript = (relativePath: string): boolean => isTopLevel(relativePath) && isScriptFile(relativePath);

/** Whether any sample text matches. */
export function anySample(samples: ReadonlyMap<string, string>, pattern: RegExp, which: (path: string) => boolean = () => true): boolean {
  for (const [path, text] of samples) if (which(path) && pattern.test(text)) return true;
  return false;
}

/** 1-based line numbers of the lines matching a pattern. */
export function matchingLines(text: string, pattern: RegExp): number[] {
  const lines: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (pattern.test(line)) lines.push(index + 1);
  });
  return lines;
}

/**
 * The text between a start marker line and an end marker line (exclusive), with the 1-based line
 * it starts on; undefined when there is no start marker. Used for files holding both directions
 * (`-- migrate:up` … `-- migrate:down`): the text after the end marker is never returned.
 */
export function section(text: string, start: RegExp, end: RegExp): { text: string; firstLine: number; startLine: string } | undefined {
  const lines = text.split('\n');
  const from = lines.findIndex((line) => start.test(line));
  if (from === -1) return undefined;
  const to = lines.findIndex((line, index) => index > from && end.test(line));
  const body = lines.slice(from + 1, to === -1 ? lines.length : to);
  return { text: body.join('\n'), firstLine: from + 2, startLine: lines[from]! };
}
