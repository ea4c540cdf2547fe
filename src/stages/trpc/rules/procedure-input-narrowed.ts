import { defineRule } from '../../../rules/define.js';
import { isAlternative } from '../../schema-diff/composition.js';
import { ROLLING, schemaFindings, typeList } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-input-narrowed',
    surface: 'trpc',
    level: 'breaking',
    summary: 'A procedure accepts less than before: a type, enum value, constraint or property it accepted is refused.',
    message: '{procedure} \u2014 input "{property}" narrowed ({change})',
    why: 'Calls that were valid for the previous release fail zod validation on upgraded servers (BAD_REQUEST).' + ROLLING,
    fix: 'Keep accepting what "{property}" accepted in this release; narrow it in a later release, once no client sends the old values.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ status: z.enum(['live', 'paused', 'finalized']) })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ status: z.enum(['live', 'finalized']) })).query(() => []),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ status: z.enum(['live', 'finalized']) })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ status: z.enum(['live', 'paused', 'finalized']) })).query(() => []),\n});\n",
      },
    ],
  },
  (pair, meta) =>
    schemaFindings(meta, pair, 'input', (change) => {
      if (change.kind === 'type-changed' && change.detail !== 'widened') return { change: `type ${typeList(change.before)} → ${typeList(change.after)}` };
      if (change.kind === 'nullable-removed') return { change: 'no longer nullable' };
      if (change.kind === 'enum-value-removed') return { change: `value ${JSON.stringify(change.before)} removed` };
      if (change.kind === 'constraint-tightened') return { change: `${change.detail ?? 'constraint'} tightened` };
      if (change.kind === 'format-changed') return { change: 'format changed' };
      if (change.kind === 'additional-properties-closed') return { change: 'unknown properties refused' };
      if (change.kind === 'property-removed') return { change: 'property removed' };
      if (change.kind === 'schema-added' && !isAlternative(change)) return { change: 'a schema now applies' };
      if (change.kind === 'schema-removed' && isAlternative(change)) return { change: 'an alternative removed' };
      return undefined;
    }),
);
