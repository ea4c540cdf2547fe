import { defineRule } from '../../../rules/define.js';
import { ROLLING, schemaFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-optional-input-added',
    surface: 'trpc',
    level: 'info',
    summary: 'A procedure accepts a new optional input property.',
    message: '{procedure} \u2014 optional input property "{property}" added',
    why:
      'Callers of the previous release do not send it and are still valid. New pages that send it to servers not yet upgraded have it stripped (zod objects drop unknown keys), unless the old input was strict.' +
      ROLLING,
    fix: 'Nothing to change: make sure {procedure} behaves as before when "{property}" is missing.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string(), cursor: z.string().optional() })).query(() => []),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string(), cursor: z.string() })).query(() => []),\n});\n",
      },
    ],
  },
  (pair, meta) => schemaFindings(meta, pair, 'input', (change) => (change.kind === 'property-added' && change.detail !== 'required' ? {} : undefined)),
);
