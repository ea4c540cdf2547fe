import { defineRule } from '../../../rules/define.js';
import { ROLLING, schemaFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-required-input-added',
    surface: 'trpc',
    level: 'breaking',
    summary: 'A procedure requires an input property its callers did not send.',
    message: '{procedure} \u2014 input property "{property}" now required',
    why: 'Callers built for the previous release do not send it: the server rejects their calls with BAD_REQUEST.' + ROLLING,
    fix: 'Add "{property}" as optional (`.optional()` or `.default(\u2026)`) in this release; require it only after every client sends it.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string(), spaceId: z.string() })).query(() => []),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string() })).query(() => []),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  list: publicProcedure.input(z.object({ pollId: z.string(), spaceId: z.string().optional() })).query(() => []),\n});\n",
      },
    ],
  },
  (pair, meta) =>
    schemaFindings(meta, pair, 'input', (change) =>
      (change.kind === 'property-added' && change.detail === 'required') || change.kind === 'property-became-required' ? {} : undefined,
    ),
);
