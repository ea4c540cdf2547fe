import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { edit, fixtureTree, generate } from './api-surfaces.shared.js';

/**
 * The GraphQL surface end to end: a NestJS code-first backend modelled on hoppscotch
 * (fixtures/graphql-code) and a committed SDL schema, each released tag by tag in a real git
 * repository, `generate` run by the built CLI, and `api.rest` (where GraphQL lines are reported,
 * prefixed `GraphQL:`) and the verdict checked.
 */

describe('generate with a NestJS code-first GraphQL schema', () => {
  let repo: TestRepo;
  const tree = fixtureTree('fixtures/graphql-code/backend');
  const config = JSON.stringify({
    migrations: false,
    openapi: false,
    routes: false,
    mcpTools: false,
    env: false,
    trpc: false,
    graphql: { sources: ['src/**/*.ts'] },
  });

  beforeAll(() => {
    repo = createRepo();
    repo.commit({ ...tree, 'release-safety.config.json': config }, { tag: '1.0.0' });
    // 1.1.0: a nullable field, a query and an enum value added (the value is dangerous: an advisory).
    repo.commit(
      {
        ...edit(
          tree,
          'src/team/team.model.ts',
          ['  name: string;\n}', "  name: string;\n\n  @Field({ description: 'When the team was created', nullable: true })\n  createdOn: Date;\n}"],
          ["  EDITOR = 'EDITOR',", "  EDITOR = 'EDITOR',\n  GUEST = 'GUEST',"],
        ),
        ...edit(
          tree,
          'src/team-collection/team-collection.resolver.ts',
          [
            'export class TeamCollectionResolver {\n',
            "export class TeamCollectionResolver {\n  @Query(() => Int, { description: 'Number of collections' })\n  collectionCount(@Args({ name: 'teamID', type: () => ID }) teamID: string): Promise<number> {\n    return Promise.resolve(0);\n  }\n\n  @Query(() => [TeamCollection], { description: 'Returns the collections of a team' })\n  rootCollectionsOfTeamV2(@Args() args: GetRootTeamCollectionsArgs): Promise<TeamCollection[]> {\n    return Promise.resolve([]);\n  }\n\n",
          ],
          [
            "import { Args, ObjectType, Field, ID, Query, Resolver } from '@nestjs/graphql';",
            "import { Args, ObjectType, Field, ID, Int, Query, Resolver } from '@nestjs/graphql';",
          ],
        ),
      },
      { tag: '1.1.0' },
    );
    // 1.2.0: a mutation removed, a field resolver removed, a pagination argument renamed (in the base args class).
    repo.commit(
      {
        ...edit(
          tree,
          'src/team/team.resolver.ts',
          [
            "  @Mutation(() => Boolean, {\n    description: 'Leaves a team the executing user is a part of',\n  })\n  leaveTeam(@Args({ name: 'teamID', description: 'ID of the Team to leave', type: () => ID }) teamID: string): Promise<boolean> {\n    return this.teamService.leaveTeam(teamID);\n  }\n",
            '',
          ],
          [
            "  @ResolveField(() => Int, {\n    description: 'The number of users with the OWNER role in the team',\n  })\n  ownersCount(@Parent() team: Team): Promise<number> {\n    return this.teamService.getCountOfUsersWithRoleInTeam(team.id, TeamAccessRole.OWNER);\n  }\n",
            '',
          ],
        ),
        ...edit(tree, 'src/types/input-types.args.ts', ['  take: number;', '  first: number;']),
      },
      { tag: '1.2.0' },
    );
    // 1.3.0: a field whose type function the reader cannot evaluate.
    repo.commit(
      edit(tree, 'src/team/team.model.ts', [
        "  @Field(() => String, {\n    description: 'Displayed name of the team',\n  })",
        "  @Field(() => pickNameType(), {\n    description: 'Displayed name of the team',\n  })",
      ]),
      { tag: '1.3.0' },
    );
    // 1.4.0: nothing the schema is read from changes.
    repo.commit({ 'README.md': 'docs\n' }, { tag: '1.4.0' });
  });
  afterAll(() => repo.cleanup());

  it('1.0.0 → 1.1.0: additions are safe; the enum value is an advisory under api.rest', () => {
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.api.rest).toEqual({
      checked: true,
      breaking: false,
      changes: [],
      breakingCount: 0,
      advisories: ['GraphQL: TeamAccessRole.GUEST — enum value added'],
      advisoryCount: 1,
    });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('1.1.0 → 1.2.0: a removed mutation, a removed field resolver and a renamed argument inherited from a base args class are breaking, naming the code', () => {
    const { artifact, report } = generate(repo, '1.1.0', '1.2.0');
    expect(artifact.api.rest.breaking).toBe(true);
    expect(artifact.api.rest.changes).toEqual([
      'GraphQL: Mutation.leaveTeam — field removed',
      'GraphQL: Query.rootCollectionsOfTeam(take) — argument removed',
      'GraphQL: Query.rootCollectionsOfTeamV2(take) — argument removed',
      'GraphQL: Team.ownersCount — field removed',
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('src/team/team.resolver.ts:');
  });

  it('1.2.0 → 1.3.0: an unreadable type function is unknown, naming file and line', () => {
    const { artifact, report } = generate(repo, '1.2.0', '1.3.0');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: 'unknown', changes: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('GraphQL Team.name (src/team/team.model.ts:');
  });

  it('1.3.0 → 1.4.0: no source changed, nothing is read', () => {
    const { artifact } = generate(repo, '1.3.0', '1.4.0');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: false, changes: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
});

describe('code-first sources given as a package root (what init writes): tests and declaration files under it are not the schema', () => {
  let repo: TestRepo;
  const tree = fixtureTree('fixtures/graphql-code/backend');
  const config = JSON.stringify({
    migrations: false,
    openapi: false,
    routes: false,
    mcpTools: false,
    env: false,
    trpc: false,
    graphql: { sources: ['src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] },
  });
  // A test double of a model (a removed field there is no removal from the served schema) and a
  // declaration file Babel refuses (hoppscotch's `export declare global {…}` in shims.d.ts).
  const mock = (fields: string) => `import { Field, ObjectType } from '@nestjs/graphql';\n@ObjectType()\nexport class TeamMock {\n${fields}}\n`;
  const shims = (hook: string) => `export declare global {\n  interface Window {\n    ${hook}: unknown\n  }\n}\n`;

  beforeAll(() => {
    repo = createRepo();
    repo.commit(
      {
        ...tree,
        'src/team/team.service.spec.ts': mock('  @Field()\n  name: string;\n  @Field()\n  slug: string;\n'),
        'src/shims.d.ts': shims('__A__'),
        'release-safety.config.json': config,
      },
      { tag: '1.0.0' },
    );
    repo.commit({ 'src/team/team.service.spec.ts': mock('  @Field()\n  name: string;\n'), 'src/shims.d.ts': shims('__B__') }, { tag: '1.1.0' });
  });
  afterAll(() => repo.cleanup());

  it('a field removed from a test double and a changed declaration file: the served schema did not change', () => {
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: false, changes: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
});

describe('generate with a committed SDL schema', () => {
  let repo: TestRepo;
  const config = JSON.stringify({
    migrations: false,
    openapi: false,
    routes: false,
    mcpTools: false,
    env: false,
    trpc: false,
    graphql: { schema: ['server/schema/**/*.graphql'] },
  });
  const base = 'type Query {\n  team(id: ID!): Team\n}\n\ntype Team {\n  id: ID!\n  name: String\n  ownersCount: Int\n}\n';

  beforeAll(() => {
    repo = createRepo();
    repo.commit({ 'server/schema/team.graphql': base, 'release-safety.config.json': config }, { tag: '1.0.0' });
    repo.commit({ 'server/schema/team.graphql': base.replace('  ownersCount: Int\n', '  ownersCount: Int\n  createdOn: String\n') }, { tag: '1.1.0' });
    repo.commit({ 'server/schema/team.graphql': base.replace('  ownersCount: Int\n', '  createdOn: String\n') }, { tag: '1.2.0' });
    repo.commit({ 'server/schema/team.graphql': `${base}\ntype Broken {` }, { tag: '1.3.0' });
  });
  afterAll(() => repo.cleanup());

  it('a field added: safe', () => {
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: false, changes: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('a field removed: breaking, with the SDL file', () => {
    const { artifact, report } = generate(repo, '1.1.0', '1.2.0');
    expect(artifact.api.rest.changes).toEqual(['GraphQL: Team.ownersCount — field removed']);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('server/schema/team.graphql:8');
  });

  it('SDL that does not parse: unchecked, unknown, naming the file', () => {
    const { artifact, report } = generate(repo, '1.2.0', '1.3.0');
    expect(artifact.api.rest).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('server/schema/team.graphql does not parse as GraphQL SDL');
  });
});

describe('a GraphQL server the config does not name', () => {
  let repo: TestRepo;
  const config = JSON.stringify({ migrations: false, openapi: false, routes: false, mcpTools: false, env: false, trpc: false });

  beforeAll(() => {
    repo = createRepo();
    repo.commit(
      {
        'package.json': JSON.stringify({ dependencies: { express: '^4.0.0' } }),
        'src/index.ts': 'export const a = 1;\n',
        'release-safety.config.json': config,
      },
      { tag: '1.0.0' },
    );
    repo.commit({ 'src/index.ts': 'export const a = 2;\n' }, { tag: '1.1.0' });
    repo.commit({ 'package.json': JSON.stringify({ dependencies: { express: '^4.0.0', '@apollo/server': '^4.0.0' } }) }, { tag: '1.2.0' });
  });
  afterAll(() => repo.cleanup());

  it('no GraphQL dependency and no schema file: the service has none', () => {
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.api.rest).toMatchObject({ checked: true, breaking: false });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('a GraphQL server dependency without the key: unchecked, unknown, never a silent pass', () => {
    const { artifact, report } = generate(repo, '1.1.0', '1.2.0');
    expect(artifact.api.rest).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(report).toContain('package.json depends on @apollo/server');
  });
});
