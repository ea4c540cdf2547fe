import { defineRule } from '../../../rules/define.js';
import { ROLLING, procedureFinding } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-removed',
    surface: 'trpc',
    level: 'breaking',
    summary: 'A procedure of the previous release is gone.',
    message: '{procedure} \u2014 procedure removed',
    why: 'Clients call procedures by path; a removed one answers NOT_FOUND.' + ROLLING,
    fix: 'Keep {procedure} working in this release (mark it deprecated); remove it in a later release, once no deployed client calls it.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n  remove: publicProcedure.input(z.object({ id: z.string() })).mutation(() => null),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n  remove: publicProcedure.input(z.object({ id: z.string() })).mutation(() => null),\n});\n",
      },
    ],
  },
  (pair, meta) => (pair.base !== undefined && pair.revision === undefined ? [procedureFinding(meta, pair, {}, 'base')] : []),
);
