import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-type-kind-changed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'A type changed its kind (object, interface, input, enum, scalar, union).',
    message: '{type} \u2014 kind changed from {oldKind} to {newKind}',
    why: 'Queries select fields of an object or spread fragments on an interface; a type of another kind makes those documents invalid. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Add a new type beside {type} and move fields to it; keep {type} as it was until no client uses it.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [{ base: 'type Query { a: A }\ntype A { x: Int }', revision: 'type Query { a: A }\ninterface A { x: Int }' }],
    quiet: [{ base: 'type Query { a: A }\ntype A { x: Int }', revision: 'type Query { a: A }\ntype A { x: Int, y: Int }' }],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['TYPE_KIND_CHANGED'], (change) => ({
      type: metaText(change, 'typeName'),
      oldKind: metaText(change, 'oldTypeKind'),
      newKind: metaText(change, 'newTypeKind'),
    })),
);
