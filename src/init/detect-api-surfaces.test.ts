import { describe, expect, it } from 'vitest';
import { dependencies, type RepositoryView } from './detect.js';
import { detectGraphql, detectTrpc } from './detect-api-surfaces.js';

function view(files: Record<string, string>): RepositoryView {
  return { files: Object.keys(files).sort(), read: (file) => files[file] };
}
const graphql = (files: Record<string, string>) => detectGraphql(view(files), dependencies(view(files)));
const trpc = (files: Record<string, string>) => detectTrpc(view(files), dependencies(view(files)));

describe('init detection of GraphQL', () => {
  it("NestJS code-first models and resolvers (the hoppscotch layout): the package's source root as sources, so enums declared elsewhere and folders of other releases are read", () => {
    const proposal = graphql({
      'packages/hoppscotch-backend/package.json': JSON.stringify({ dependencies: { '@nestjs/graphql': '^12' } }),
      'packages/hoppscotch-backend/src/team/team.model.ts': "import { ObjectType, Field } from '@nestjs/graphql';\n@ObjectType()\nexport class Team {}\n",
      'packages/hoppscotch-backend/src/team/team.resolver.ts':
        "import { Resolver, Query } from '@nestjs/graphql';\n@Resolver(() => Team)\nexport class TeamResolver {}\n",
      'packages/hoppscotch-backend/src/team/team.service.spec.ts': "import { ObjectType } from '@nestjs/graphql';\n@ObjectType()\nclass X {}\n",
      // registerEnumType(AuthProvider) in infra-config/ names an enum declared in auth/helper.ts (no GraphQL import there).
      'packages/hoppscotch-backend/src/infra-config/infra-config.model.ts':
        "import { ObjectType, registerEnumType } from '@nestjs/graphql';\nimport { AuthProvider } from 'src/auth/helper';\n@ObjectType()\nexport class InfraConfig {}\nregisterEnumType(AuthProvider, { name: 'AuthProvider' });\n",
      'packages/hoppscotch-backend/src/auth/helper.ts': "export enum AuthProvider {\n  GOOGLE = 'GOOGLE',\n}\n",
      'packages/hoppscotch-common/src/helpers/backend/gql/queries/GetTeam.graphql': 'query GetTeam($teamID: ID!) { team(teamID: $teamID) { id } }\n',
    });
    expect(proposal.value).toEqual({ sources: ['packages/hoppscotch-backend/src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] });
  });

  it('committed SDL that defines types; client operation documents are not a schema', () => {
    expect(graphql({ 'server/schema.graphql': 'type Query { a: Int }\n', 'web/queries/a.graphql': 'query A { a }\n' }).value).toEqual({
      schema: ['server/*.graphql'],
    });
  });

  it('a GraphQL server dependency without a recognised schema leaves the key out; none at all is false', () => {
    expect(graphql({ 'package.json': JSON.stringify({ dependencies: { 'graphql-yoga': '^5' } }) }).value).toBeUndefined();
    expect(graphql({ 'src/index.ts': "import { builder } from './builder';\nimport SchemaBuilder from '@pothos/core';\n" }).value).toBeUndefined();
    expect(graphql({ 'package.json': JSON.stringify({ dependencies: { '@apollo/client': '^3' } }) }).value).toBe(false);
  });
});

describe('init detection of tRPC', () => {
  it("router files (the rallly layout): each router's folder, recursively (a router added beside them later is read)", () => {
    const proposal = trpc({
      'apps/web/package.json': JSON.stringify({ dependencies: { '@trpc/server': '^11' } }),
      'apps/web/src/trpc/trpc.ts': "import { initTRPC } from '@trpc/server';\nconst t = initTRPC.create();\nexport const router = t.router;\n",
      'apps/web/src/trpc/routers/index.ts': "import { mergeRouters, router } from '../trpc';\nexport const appRouter = mergeRouters(router({ auth }));\n",
      'apps/web/src/trpc/routers/polls/comments.ts':
        "import { publicProcedure, router } from '../../trpc';\nexport const comments = router({ list: publicProcedure.query(() => []) });\n",
      'apps/web/src/app/page.tsx': 'export default function Page() {}\n',
    });
    expect(proposal.value).toEqual({ sources: ['apps/web/src/trpc/routers/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] });
  });

  it('@trpc/server without a recognised router leaves the key out; without it, false', () => {
    expect(trpc({ 'package.json': JSON.stringify({ dependencies: { '@trpc/server': '^11' } }) }).value).toBeUndefined();
    expect(trpc({ 'package.json': JSON.stringify({ dependencies: { express: '^4' } }) }).value).toBe(false);
  });
});

describe('init detection of tRPC at earlier releases', () => {
  // typebot: tRPC routers in apps/builder/src/helpers/server/routers up to v3.15.2, oRPC since v3.16.0.
  const router = "import { publicProcedure, router } from '../trpc';\nexport const appRouter = router({ getTypebot: publicProcedure.query(() => ({})) });\n";
  const history: Record<string, { text: string; tag: string }> = {
    'apps/builder/src/helpers/server/routers/appRouter.ts': { text: router, tag: 'v3.15.2' },
    'apps/viewer/src/helpers/server/appRouter.ts': { text: router, tag: 'v3.14.2' },
  };
  const current: Record<string, string> = {
    'apps/builder/package.json': JSON.stringify({ dependencies: { '@orpc/server': '^1' } }),
    'apps/builder/src/app/api/route.ts': 'export async function GET() {}\n',
  };
  const withHistory: RepositoryView = {
    ...view(current),
    history: {
      files: Object.keys(history).sort(),
      read: (file) => history[file]?.text,
      where: (file) => history[file]?.tag,
      dependencies: new Map([['@trpc/server', 'v3.15.2']]),
    },
  };

  it('routers the newest commit dropped are configured from the releases that had them, with the tag in the reason', () => {
    const proposal = detectTrpc(withHistory, dependencies(withHistory));
    expect(proposal.value).toEqual({
      sources: [
        'apps/builder/src/helpers/server/routers/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}',
        'apps/viewer/src/helpers/server/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}',
      ],
    });
    expect(proposal.evidence).toContain('no tRPC router at the newest commit, but 2 source files of earlier releases define tRPC routers');
    expect(proposal.evidence).toContain('apps/builder/src/helpers/server/routers/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs} at v3.15.2');
    expect(proposal.evidence).toContain('a release that drops the whole surface is a removal');
  });

  it('a dependency of an earlier release with no router file read there still leaves the key out', () => {
    const noRouters: RepositoryView = { ...withHistory, history: { ...withHistory.history!, files: [] } };
    const proposal = detectTrpc(noRouters, dependencies(noRouters));
    expect(proposal.value).toBeUndefined();
    expect(proposal.evidence).toContain('v3.15.2 depends on @trpc/server');
  });
});
