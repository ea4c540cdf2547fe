import type { RuleMeta } from '../rules/types.js';
import type { CiRule } from './types.js';

/** Where the rule docs are read by someone who installed the package: the repository's copy. */
export const DOCS_BASE_URL = 'https://github.com/release-safety/release-safety/blob/main/';

/** SARIF/JUnit rule data from a catalogue entry: why it matters and the safe way. */
export function ciRule(meta: RuleMeta): CiRule {
  const help = meta.fix === '' ? meta.why : `${meta.why}\n\nSafe way: ${meta.fix}`;
  return { id: meta.id, summary: meta.summary, help, helpUri: /^https?:/.test(meta.docs) ? meta.docs : `${DOCS_BASE_URL}${meta.docs}` };
}
