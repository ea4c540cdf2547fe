import { defineRule } from '../../../rules/define.js';
import { ROLLING, schemaFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-output-property-removed',
    surface: 'trpc',
    level: 'breaking',
    summary: 'A declared output loses a property, or a property becomes optional.',
    message: '{procedure} \u2014 output property "{property}" {change}',
    why: 'Pages of the previous release read the property from the answer of upgraded servers and get `undefined`.' + ROLLING,
    fix: 'Keep returning "{property}" from {procedure} in this release; stop in a later release, once no deployed client reads it.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.input(z.object({ id: z.string() })).output(z.object({ id: z.string(), title: z.string() })).query(() => ({ id: '', title: '' })),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.input(z.object({ id: z.string() })).output(z.object({ id: z.string() })).query(() => ({ id: '' })),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.input(z.object({ id: z.string() })).output(z.object({ id: z.string() })).query(() => ({ id: '' })),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.input(z.object({ id: z.string() })).output(z.object({ id: z.string(), title: z.string() })).query(() => ({ id: '', title: '' })),\n});\n",
      },
    ],
  },
  (pair, meta) =>
    schemaFindings(meta, pair, 'output', (change) =>
      change.kind === 'property-removed' ? { change: 'removed' } : change.kind === 'property-became-optional' ? { change: 'became optional' } : undefined,
    ),
);
