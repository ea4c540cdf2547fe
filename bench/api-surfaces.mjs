#!/usr/bin/env node
/**
 * GraphQL and tRPC surface benchmark (README "GraphQL and tRPC"). Run after `npm run build`:
 *
 *   node bench/api-surfaces.mjs
 *
 * Synthetic, real-shaped (hoppscotch's NestJS code-first layout, rallly's tRPC routers):
 * - GraphQL: 60 modules × (one @ObjectType model, one @ArgsType, one @Resolver with 5 members) —
 *   300 resolver members (queries, mutations, field resolvers) — one resolver file changed;
 * - tRPC: 40 router files × 5 procedures (200 procedures) with zod inputs, merged in an app router,
 *   one router file changed.
 * Each: warm stage (both refs read, diffed, judged; a fresh blob each run so no cache answers) per
 * file read, the floor (parsing the same files and nothing else), and a release that changed none
 * of the surface's files.
 *
 *   node bench/api-surfaces.mjs --surcharge graphql|trpc [runs=7]
 *
 * What the surface adds to a whole `generate` (bench/lib/surcharge.mjs): the same release (the 1 MB
 * spec and one resolver or router file edited: an argument or input field added) with `graphql` or
 * `trpc` configured and without it.
 */
import { createHash } from 'node:crypto';

const blobId = (text) => createHash('sha1').update(text).digest('hex');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// ---- GraphQL -------------------------------------------------------------------------------------
const MODULES = 60;
function model(index) {
  return `import { ObjectType, Field, ID, Int, registerEnumType } from '@nestjs/graphql';

@ObjectType()
export class Item${index} {
  @Field(() => ID, { description: 'ID' })
  id: string;

  @Field({ description: 'Title' })
  title: string;

  @Field(() => Int, { nullable: true })
  count: number;

  @Field(() => Status${index})
  status: Status${index};
}

export enum Status${index} {
  OPEN = 'OPEN',
  CLOSED = 'CLOSED',
}

registerEnumType(Status${index}, { name: 'Status${index}' });
`;
}
function args(index) {
  return `import { ArgsType, Field, ID } from '@nestjs/graphql';

@ArgsType()
export class ListItems${index}Args {
  @Field(() => ID, { nullable: true })
  cursor: string;

  @Field({ nullable: true, defaultValue: 10 })
  take: number;
}
`;
}
function resolver(index, variant = '') {
  return `import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Item${index} } from './item${index}.model';
import { ListItems${index}Args } from './item${index}.args';

@Resolver(() => Item${index})
export class Item${index}Resolver {
  @Query(() => Item${index}, { nullable: true })
  item${index}(@Args({ name: 'id', type: () => ID }) id: string): Promise<Item${index} | null> {
    return null as never;
  }

  @Query(() => [Item${index}])
  items${index}(@Args() args: ListItems${index}Args): Promise<Item${index}[]> {
    return [] as never;
  }

  @Mutation(() => Item${index})
  createItem${index}(@Args('title') title: string${variant}): Promise<Item${index}> {
    return null as never;
  }

  @Mutation(() => Boolean)
  deleteItem${index}(@Args({ name: 'id', type: () => ID }) id: string): Promise<boolean> {
    return true as never;
  }

  @ResolveField(() => Int)
  related${index}(@Parent() item: Item${index}): Promise<number> {
    return 0 as never;
  }
}
`;
}
function graphqlTree(changed, run = 0) {
  const files = {};
  for (let index = 0; index < MODULES; index++) {
    files[`src/item${index}/item${index}.model.ts`] = model(index);
    files[`src/item${index}/item${index}.args.ts`] = args(index);
    files[`src/item${index}/item${index}.resolver.ts`] = resolver(index, changed && index === 7 ? `, @Args({ name: 'note', nullable: true }) note?: string` : '') + (changed && index === 7 ? `// run ${run}\n` : '');
  }
  return files;
}

// ---- tRPC ----------------------------------------------------------------------------------------
const ROUTERS = 40;
const PROCEDURES = 5;
const trpcBase = `import { initTRPC } from '@trpc/server';
const t = initTRPC.create();
export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const publicProcedure = t.procedure;
export const privateProcedure = publicProcedure.use(async ({ next }) => next());
`;
const shared = `import * as z from 'zod';
export const MAX_TITLE = 200;
export const paging = z.object({ cursor: z.number().optional().default(1), limit: z.number().min(1).max(100).default(20) });
`;
function routerFile(index, variant = '') {
  let text = `import * as z from 'zod';\nimport { privateProcedure, publicProcedure, router } from '../trpc';\nimport { MAX_TITLE, paging } from '../shared';\n\nexport const r${index} = router({\n`;
  for (let procedure = 0; procedure < PROCEDURES; procedure++) {
    const kind = procedure % 2 === 0 ? 'query' : 'mutation';
    text += `  p${procedure}: ${procedure % 2 === 0 ? 'publicProcedure' : 'privateProcedure'}
    .input(z.object({ id: z.string(), title: z.string().trim().min(1).max(MAX_TITLE).optional(), status: z.enum(['open', 'closed']).optional(), page: paging.optional()${procedure === 0 ? variant : ''} }))
    .output(z.object({ id: z.string(), title: z.string(), updatedAt: z.date().nullable() }))
    .${kind}(async ({ input }) => ({ id: input.id, title: '', updatedAt: null })),\n`;
  }
  return `${text}});\n`;
}
function trpcTree(changed, run = 0) {
  const files = { 'src/trpc.ts': trpcBase, 'src/shared.ts': shared };
  const names = [];
  for (let index = 0; index < ROUTERS; index++) {
    files[`src/routers/r${index}.ts`] = routerFile(index, changed && index === 7 ? ', extra: z.string().optional()' : '') + (changed && index === 7 ? `// run ${run}\n` : '');
    names.push(index);
  }
  files['src/root.ts'] = `import { mergeRouters, router } from './trpc';\n${names.map((index) => `import { r${index} } from './routers/r${index}';`).join('\n')}\nexport const appRouter = mergeRouters(router({ ${names.map((index) => `r${index}`).join(', ')} }));\n`;
  return files;
}

if (process.argv[2] === '--surcharge') {
  const { measureSurcharge, SPEC } = await import('./lib/surcharge.mjs');
  const surface = process.argv[3];
  const treeOf = { graphql: graphqlTree, trpc: trpcTree }[surface];
  if (!treeOf) throw new Error('--surcharge graphql|trpc');
  const sources = { graphql: { sources: ['src/**/*.ts'] }, trpc: { sources: ['src/root.ts', 'src/routers/*.ts'] } }[surface];
  const config = (on) => ({ migrations: false, openapi: SPEC.path, mcpTools: false, env: false, graphql: false, trpc: false, ...(on ? { [surface]: sources } : {}) });
  const [base, head] = [treeOf(false), treeOf(true)];
  measureSurcharge({
    title:
      surface === 'graphql'
        ? `repository: 1 MB OpenAPI document, NestJS code-first GraphQL of ${MODULES} modules (${MODULES * 5} resolver members); the release edits the spec and one resolver (an argument added)`
        : `repository: 1 MB OpenAPI document, tRPC app router of ${ROUTERS} routers × ${PROCEDURES} procedures; the release edits the spec and one router (an input field added)`,
    surface,
    base: { ...base, [SPEC.path]: SPEC.base() },
    head: { ...Object.fromEntries(Object.entries(head).filter(([path, text]) => base[path] !== text)), [SPEC.path]: SPEC.head() },
    withSurface: config(true),
    withoutSurface: config(false),
    runs: Number(process.argv[4] ?? 7),
    describeOutput: (out) => `api.rest: breakingCount ${out.api.rest.breakingCount}, checked ${out.api.rest.checked}`,
  });
  process.exit(0);
}

function inputFor(config, base, head) {
  const toTree = (files) => new Map(Object.entries(files).map(([path, text]) => [path, blobId(text)]));
  const trees = { base: toTree(base), head: toTree(head) };
  const changes = [...trees.head.keys()].filter((path) => trees.base.get(path) !== trees.head.get(path)).map((path) => ({ status: 'modified', path }));
  return { config, postgresVersion: 16, changes, trees, read: async (side, path) => (side === 'base' ? base : head)[path] };
}

async function measure(label, stage, config, treeOf, changedFiles) {
  const { parseSource } = await import('../dist/syntax/parse.js');
  const base = treeOf(false);
  // First run loads the modules (parser, graphql, inspector): reported apart.
  const first = performance.now();
  const result = await stage.run(inputFor(config, base, treeOf(true, -1)));
  const firstMs = performance.now() - first;
  const warm = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    await stage.run(inputFor(config, base, treeOf(true, run)));
    warm.push(performance.now() - started);
  }
  const floor = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    for (const [path, text] of Object.entries(treeOf(true, run + 100))) if (path.endsWith('.ts')) parseSource(path, text);
    floor.push(performance.now() - started);
  }
  const quietStarted = performance.now();
  const quiet = await stage.run({ ...inputFor(config, base, base), changes: [{ status: 'modified', path: 'README.md' }] });
  const quietMs = performance.now() - quietStarted;
  const files = Object.keys(base).length;
  console.log(`${label}: ${files} files per ref, ${changedFiles} changed`);
  console.log(`  first run (modules loaded): ${firstMs.toFixed(0)} ms; changes: ${JSON.stringify(result.section.changes)}; advisories ${result.section.advisoryCount}; breaking ${result.section.breaking}`);
  console.log(`  warm stage: ${median(warm).toFixed(0)} ms (${((median(warm) / files) * 1000).toFixed(0)} µs per file of the head ref; the changed files re-read, the rest from the per-blob cache where the stage has one)`);
  console.log(`  floor, parsing the ${files} files of one ref once: ${median(floor).toFixed(0)} ms`);
  console.log(`  a release that changed none of them: ${quietMs.toFixed(2)} ms (${quiet.verdict.breaking === false && quiet.section.changes.length === 0 ? 'not breaking, nothing read' : 'UNEXPECTED'})`);
}

if (!process.env.ONLY_TRPC) { const { graphqlStage } = await import('../dist/stages/graphql/index.js');
await measure(`GraphQL code-first (${MODULES * 5} resolver members, ${MODULES * 3} types with enums)`, graphqlStage, { graphql: { sources: ['src/**/*.ts'] } }, graphqlTree, 1);
}
const { trpcStage } = await import('../dist/stages/trpc/index.js');
await measure(`tRPC (${ROUTERS * PROCEDURES} procedures)`, trpcStage, { trpc: { sources: ['src/root.ts', 'src/routers/*.ts'] } }, trpcTree, 1);
