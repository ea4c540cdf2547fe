import { posix } from 'node:path';

/**
 * The files this tool writes (issue 28): a committed artifacts folder (the README's adoption flow)
 * holds `<version>.json` artifacts, `<version>.backfill.md` reports and an index, and those quote the
 * evidence of findings — a declared break's `// @release-safety breaking required-stop: …` among them.
 * Read back as input, the next `generate` declared the release's own break again and listed it as a
 * required stop of itself. These files are never read as declarations.
 *
 * Recognised by what they are, not only where they are: a Markdown report starts with the title
 * both report writers print, an artifact or an index is JSON holding `rollingUpdateSafe`.
 */
export const BACKFILL_REPORT_SUFFIX = '.backfill.md';
const REPORT_TITLE = /^\uFEFF?# Release safety: \S/;

export function isOwnOutput(path: string, text: string): boolean {
  const name = posix.basename(path);
  if (name.endsWith(BACKFILL_REPORT_SUFFIX)) return true;
  if (/\.md$/i.test(name)) return REPORT_TITLE.test(text);
  if (/\.json$/i.test(name)) return text.includes('"rollingUpdateSafe"');
  return false;
}

/**
 * What the tool writes keeps no declaration marker the scanner would match: `@` before
 * `release-safety` becomes `\u0040` in JSON (the same string once parsed) and gets a word joiner
 * (U+2060, invisible) after it in Markdown and text.
 */
export function neutraliseMarkersInJson(json: string): string {
  return json.replace(/@(?=release)/gi, '\\u0040');
}

export function neutraliseMarkersInText(text: string): string {
  return text.replace(/@(?=release)/gi, '@\u2063');
}
