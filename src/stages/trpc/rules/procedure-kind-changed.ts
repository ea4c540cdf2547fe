import { defineRule } from '../../../rules/define.js';
import { ROLLING, procedureFinding } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-kind-changed',
    surface: 'trpc',
    level: 'breaking',
    summary: 'A procedure changed between query, mutation and subscription.',
    message: '{procedure} \u2014 {before} became {after}',
    why: 'Queries are sent as GET and mutations as POST: a client of the other kind gets METHOD_NOT_SUPPORTED.' + ROLLING,
    fix: 'Add a new procedure of the new kind beside {procedure}; remove the old one in a later release.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  touch: publicProcedure.input(z.object({ id: z.string() })).query(() => null),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  touch: publicProcedure.input(z.object({ id: z.string() })).mutation(() => null),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  touch: publicProcedure.input(z.object({ id: z.string() })).mutation(() => null),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  touch: publicProcedure.input(z.object({ id: z.string(), at: z.number().optional() })).mutation(() => null),\n});\n",
      },
    ],
  },
  (pair, meta) =>
    pair.base && pair.revision && pair.base.kind !== pair.revision.kind
      ? [procedureFinding(meta, pair, { before: pair.base.kind, after: pair.revision.kind })]
      : [],
);
