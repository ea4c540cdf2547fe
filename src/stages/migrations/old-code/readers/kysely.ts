import { NO_REFERENCES, type ReferenceReader } from '../references.js';

/** Placeholder until the kysely reader lands (issue 33): reads nothing, so every answer stays `unknown`-safe. */
export const reader: ReferenceReader = {
  id: 'kysely',
  mayReference: () => false,
  read: () => NO_REFERENCES,
};
