import { defineRule } from '../../../rules/define.js';
import { ROLLING, schemaFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-output-enum-value-added',
    surface: 'trpc',
    level: 'advisory',
    summary: 'A declared output may hold an enum value it never held.',
    message: '{procedure} \u2014 output "{property}" may now be {value}',
    why: 'Pages of the previous release that switch over the value meet one they do not know.' + ROLLING,
    fix: 'Ship a client that tolerates unknown values of "{property}" first; return {value} from {procedure} after it is deployed.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.output(z.object({ status: z.enum(['live', 'finalized']) })).query(() => ({ status: 'live' as const })),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.output(z.object({ status: z.enum(['live', 'paused', 'finalized']) })).query(() => ({ status: 'live' as const })),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.output(z.object({ status: z.enum(['live', 'paused', 'finalized']) })).query(() => ({ status: 'live' as const })),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.output(z.object({ status: z.enum(['live', 'paused', 'finalized']) })).query(() => ({ status: 'live' as const })),\n});\n",
      },
    ],
  },
  (pair, meta) => schemaFindings(meta, pair, 'output', (change) => (change.kind === 'enum-value-added' ? { value: JSON.stringify(change.after) } : undefined)),
);
