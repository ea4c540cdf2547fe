import { defineRule } from '../../../rules/define.js';
import { ROLLING, procedureFinding } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-added',
    surface: 'trpc',
    level: 'info',
    summary: 'A procedure was added.',
    message: '{procedure} \u2014 procedure added',
    why:
      'Adding a procedure breaks no caller of the previous release. A new page that calls it fails on servers not yet upgraded until the rollout ends.' +
      ROLLING,
    fix: 'Nothing to change: keep the new page working (or retrying) while old servers still answer NOT_FOUND for {procedure}.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n  count: publicProcedure.query(() => 0),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
      },
    ],
  },
  (pair, meta) => (pair.base === undefined && pair.revision !== undefined ? [procedureFinding(meta, pair)] : []),
);
