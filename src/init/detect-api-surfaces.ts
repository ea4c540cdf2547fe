import { earlierOnly, globsFor, withHistory, type RepositoryView, type SurfaceProposal } from './detect.js';
import { packageDirs, stableGlobs } from './globs.js';
import { GRAPHQL_SERVER_DEPENDENCIES } from '../stages/graphql/servers.js';

/**
 * `init`'s detection of the GraphQL and tRPC surfaces (kept apart from detect.ts): where the schema
 * or the routers live, or evidence that the service has none. As for every surface, `false` only on
 * evidence of absence; a GraphQL or tRPC server dependency without a recognised source leaves the
 * key out (unknown until a maintainer decides).
 */

const IGNORED = /(^|\/)(node_modules|dist|build|out|coverage|vendor|\.git|\.next|\.turbo)(\/|$)/;
const NOT_SERVER =
  /(^|\/)(test|tests|__tests__|__mocks__|e2e|fixtures?|examples?|stories|storybook|docs?|scripts)(\/|$)|\.(test|spec|stories|e2e)\.[cm]?[jt]sx?$/;
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const SDL = /\.(graphql|gql|graphqls)$/i;
/** An SDL file that defines types (a client's operation documents hold `query`/`mutation` only). */
const DEFINES_TYPES = /^\s*(extend\s+)?(type|input|interface|enum|union|scalar|schema)\b/m;
const CODE_FIRST = /from\s+['"](@nestjs\/graphql|type-graphql)['"]/;
const CODE_FIRST_DEFINITION = /@(ObjectType|InputType|ArgsType|InterfaceType|Resolver)\s*\(/;
const OTHER_BUILDERS = /from\s+['"](@pothos\/core|nexus)['"]/;

const TRPC_IMPORT = /from\s+['"](@trpc\/server|\.{1,2}\/[^'"]*trpc[^'"]*)['"]/;
const ROUTER_CALL = /\b(router|createTRPCRouter|createRouter|mergeRouters)\s*\(\s*\{?/;
const PROCEDURE = /\.(query|mutation|subscription)\s*\(/;

function sourceFiles(view: RepositoryView): string[] {
  return view.files.filter((file) => SOURCE.test(file) && !IGNORED.test(file) && !NOT_SERVER.test(file) && !file.endsWith('.d.ts'));
}

/**
 * Code-first sources are the package's source root, not today's folders of the definitions: an enum
 * registered in one folder is often declared in another (hoppscotch's `AuthProvider`, declared in
 * `auth/helper.ts` without a GraphQL import), and a backfill visits releases whose folders differed.
 * The stage leaves tests, stories and declaration files under the root out.
 */
export function detectGraphql(view: RepositoryView, deps: ReadonlySet<string>): SurfaceProposal {
  const schema = view.files.filter((file) => SDL.test(file) && !IGNORED.test(file) && !NOT_SERVER.test(file) && DEFINES_TYPES.test(view.read(file) ?? ''));
  const codeFirst = sourceFiles(view).filter((file) => {
    const text = view.read(file) ?? '';
    return CODE_FIRST.test(text) && CODE_FIRST_DEFINITION.test(text);
  });
  const other = sourceFiles(view).find((file) => OTHER_BUILDERS.test(view.read(file) ?? ''));
  if (schema.length > 0 || codeFirst.length > 0) {
    const value = {
      ...(schema.length > 0 ? { schema: globsFor(schema) } : {}),
      ...(codeFirst.length > 0 ? { sources: stableGlobs(codeFirst, packageDirs(view.files)) } : {}),
    };
    const evidence = [
      schema.length > 0 ? `${schema.length} SDL files define types` : '',
      codeFirst.length > 0 ? `${codeFirst.length} source files hold code-first definitions` : '',
      other ? `(${other} builds a schema with Pothos or Nexus, which stays unknown)` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return { key: 'graphql', value, evidence };
  }
  const servers = GRAPHQL_SERVER_DEPENDENCIES.filter((name) => deps.has(name));
  if (servers.length > 0 || other) {
    return {
      key: 'graphql',
      value: undefined,
      evidence: `the service uses ${[...servers, ...(other ? [other] : [])].join(', ')} but no SDL file or NestJS/type-graphql definition was recognised: set graphql.schema or graphql.sources by hand`,
    };
  }
  const served = servedEarlier(view, GRAPHQL_SERVER_DEPENDENCIES);
  if (served)
    return {
      key: 'graphql',
      value: undefined,
      evidence: `no GraphQL server at the newest commit, but ${served}: set graphql.schema or graphql.sources to those releases' schema, or \`graphql: false\` once they are behind every backfill`,
    };
  return { key: 'graphql', value: false, evidence: 'no GraphQL server dependency and no SDL file' };
}

/** Dependencies whose presence in an earlier release keeps `init` from writing its surface as `false`. */
export const HISTORY_SERVER_DEPENDENCIES: readonly string[] = ['@trpc/server', ...GRAPHQL_SERVER_DEPENDENCIES];

/**
 * "<tag> depends on <name>" when a recent release (not the newest commit) depended on one of these
 * servers: `false` would tell the backfill that those releases served none, and leave their API unread.
 */
function servedEarlier(view: RepositoryView, names: readonly string[]): string | undefined {
  const dependencies = view.history?.dependencies;
  if (!dependencies) return undefined;
  const seen = names.flatMap((name) => {
    const tag = dependencies.get(name);
    return tag === undefined ? [] : [`${tag} depends on ${name}`];
  });
  return seen.length > 0 ? seen.join(', ') : undefined;
}

export function detectTrpc(current: RepositoryView, deps: ReadonlySet<string>): SurfaceProposal {
  // Routers of earlier releases count too (typebot served tRPC up to v3.15.2, oRPC since): a backfill visits them.
  const view = withHistory(current);
  const routers = sourceFiles(view).filter((file) => {
    const text = view.read(file) ?? '';
    return TRPC_IMPORT.test(text) && ROUTER_CALL.test(text) && (PROCEDURE.test(text) || /mergeRouters|router\s*\(\s*\{/.test(text));
  });
  if (routers.length > 0) {
    // Each router's own folder, recursively: a router added beside them later is read, and the stage
    // follows the routers' imports, so one the root router mounts from elsewhere is read too.
    const sources = stableGlobs(routers, packageDirs(view.files), { nested: true });
    const now = new Set(current.files);
    const today = routers.filter((file) => now.has(file)).length;
    const earlier = earlierOnly(sources, current, routers);
    const evidence =
      today === 0
        ? `no tRPC router at the newest commit, but ${routers.length} source files of earlier releases define tRPC routers (${earlier.join(', ')}): their releases' procedures are read, and a release that drops the whole surface is a removal`
        : `${routers.length} source files define tRPC routers${earlier.length > 0 ? `; gone from the newest commit, seen at earlier releases: ${earlier.join(', ')} (the layout moved: both are configured)` : ''}`;
    return { key: 'trpc', value: { sources }, evidence };
  }
  if (deps.has('@trpc/server'))
    return { key: 'trpc', value: undefined, evidence: 'the service depends on @trpc/server but no router file was recognised: set trpc.sources by hand' };
  const served = servedEarlier(view, ['@trpc/server']);
  if (served)
    return {
      key: 'trpc',
      value: undefined,
      evidence: `no tRPC router at the newest commit, but ${served} and no router file of those releases was recognised: set trpc.sources to those releases' routers, or \`trpc: false\` once they are behind every backfill`,
    };
  return { key: 'trpc', value: false, evidence: 'no @trpc/server dependency' };
}
