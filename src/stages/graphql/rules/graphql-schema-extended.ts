import { defineRule } from '../../../rules/define.js';
import { changesOfType } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-schema-extended',
    surface: 'graphql',
    level: 'info',
    summary: 'A type or a field was added.',
    message: '{coordinate} \u2014 added',
    why: 'Additions do not break clients of the previous release. A new client that selects the addition fails on instances not yet upgraded until the rollout ends.',
    fix: 'Nothing to change: keep clients that select {coordinate} from depending on it while old instances still serve.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { a: Int }', revision: 'type Query { a: Int, b: Int }' }],
    quiet: [{ base: 'type Query { a: Int, b: Int }', revision: 'type Query { a: Int, b: Int }' }],
  },
  (changes, meta) => changesOfType(meta, changes, ['TYPE_ADDED', 'FIELD_ADDED']),
);
