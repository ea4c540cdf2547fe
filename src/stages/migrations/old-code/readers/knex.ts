import { NO_REFERENCES, type ReferenceReader } from '../references.js';

/** Placeholder until the knex reader lands (issue 33): reads nothing, so every answer stays `unknown`-safe. */
export const reader: ReferenceReader = {
  id: 'knex',
  mayReference: () => false,
  read: () => NO_REFERENCES,
};
