import { NO_REFERENCES, type ReferenceReader } from '../references.js';

/** Placeholder until the sql reader lands (issue 33): reads nothing, so every answer stays `unknown`-safe. */
export const reader: ReferenceReader = {
  id: 'sql',
  mayReference: () => false,
  read: () => NO_REFERENCES,
};
