import { defineRule } from '../../../rules/define.js';
import { ROLLING, schemaFindings, typeList } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-output-type-changed',
    surface: 'trpc',
    level: 'breaking',
    summary: 'A declared output property changed its type, or may now be null.',
    message: '{procedure} \u2014 output "{property}" {change}',
    why: 'Pages of the previous release read the old type from the answer of upgraded servers.' + ROLLING,
    fix: 'Return the new shape under a new property of {procedure} and keep "{property}" as it was; remove the old one in a later release.',
    docs: 'docs/trpc.md',
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.output(z.object({ count: z.number() })).query(() => ({ count: 0 })),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.output(z.object({ count: z.string() })).query(() => ({ count: '0' })),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.output(z.object({ count: z.number() })).query(() => ({ count: 0 })),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.output(z.object({ count: z.number(), total: z.number() })).query(() => ({ count: 0, total: 0 })),\n});\n",
      },
    ],
  },
  (pair, meta) =>
    schemaFindings(meta, pair, 'output', (change) => {
      if (change.kind === 'type-changed') return { change: `type ${typeList(change.before)} → ${typeList(change.after)}` };
      if (change.kind === 'nullable-added') return { change: 'may now be null' };
      if (change.kind === 'format-changed') return { change: 'format changed' };
      if (change.kind === 'constraint-loosened') return { change: `${change.detail ?? 'constraint'} loosened` };
      return undefined;
    }),
);
