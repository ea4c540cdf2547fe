import { defineRule } from '../../../rules/define.js';
import { changesOfType, metaText } from '../rule.js';

export const rule = defineRule(
  {
    id: 'graphql-interface-removed',
    surface: 'graphql',
    level: 'breaking',
    summary: 'An object type no longer implements an interface.',
    message: '{type} \u2014 no longer implements {interface}',
    why: 'Fragments on the interface no longer match the type: fields selected through them are missing from answers of upgraded instances. During a rolling update old and new instances answer the same clients: browsers and API clients built for the previous schema keep sending their queries to upgraded instances, and clients already on the new code reach instances not yet upgraded.',
    fix: 'Keep {type} implementing {interface} in this release; drop it in a later release.',
    docs: 'docs/graphql.md',
  },
  {
    flagged: [
      {
        base: 'type Query { n: Node }\ninterface Node { id: ID }\ntype Team implements Node { id: ID }',
        revision: 'type Query { n: Node }\ninterface Node { id: ID }\ntype Team { id: ID }',
      },
    ],
    quiet: [
      {
        base: 'type Query { n: Node }\ninterface Node { id: ID }\ntype Team { id: ID }',
        revision: 'type Query { n: Node }\ninterface Node { id: ID }\ntype Team implements Node { id: ID }',
      },
    ],
  },
  (changes, meta) =>
    changesOfType(meta, changes, ['OBJECT_TYPE_INTERFACE_REMOVED'], (change) => ({
      type: metaText(change, 'objectTypeName'),
      interface: metaText(change, 'removedInterfaceName'),
    })),
);
