import { defineRule } from '../../../rules/define.js';
import { ROLLING, schemaFindings } from '../rule.js';

export const rule = defineRule(
  {
    id: 'procedure-schema-change-unknown',
    surface: 'trpc',
    level: 'breaking',
    summary: 'A schema changed in a way the diff cannot prove compatible.',
    message: '{procedure} \u2014 {side} "{property}" changed and cannot be proven compatible: {reason}',
    why: 'What cannot be compared is not proven safe.' + ROLLING,
    fix: 'Make the change to {procedure} in two releases (accept both shapes first), or compare the two schemas by hand.',
    docs: 'docs/trpc.md',
    acceptable: false,
  },
  {
    flagged: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.input(z.object({ s: z.string().regex(/^a/).regex(/b$/) })).query(() => null),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.input(z.object({ s: z.string().regex(/^a/).regex(/c$/) })).query(() => null),\n});\n",
      },
    ],
    quiet: [
      {
        base: "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.input(z.object({ s: z.string().regex(/^a/) })).query(() => null),\n});\n",
        revision:
          "import { initTRPC } from '@trpc/server';\nimport { z } from 'zod';\nconst t = initTRPC.create();\nexport const publicProcedure = t.procedure;\nexport const appRouter = t.router({\n  get: publicProcedure.input(z.object({ s: z.string().regex(/^a/) })).query(() => 1),\n});\n",
      },
    ],
  },
  (pair, meta) => [
    ...schemaFindings(meta, pair, 'input', (change) => (change.kind === 'unknown' ? { side: 'input', reason: change.detail ?? 'not compared' } : undefined)),
    ...schemaFindings(meta, pair, 'output', (change) => (change.kind === 'unknown' ? { side: 'output', reason: change.detail ?? 'not compared' } : undefined)),
  ],
);
