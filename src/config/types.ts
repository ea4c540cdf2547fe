import type { MigrationDialect, MigrationFormatSetting } from './migration-formats.js';
/**
 * `release-safety.config.json`: where each surface lives in the service's repository.
 * A surface set to `false` means the service has none (checked, not breaking);
 * a missing key means not configured (unchecked, `unknown`).
 */
export interface MigrationsFolder {
  dir: string;
  edition: 'core' | 'ee';
  /** The folder's migration format (`formats/registry.ts`); `auto` (the default) recognises it from the folder. */
  format?: MigrationFormatSetting;
  /**
   * The database the folder's migrations run on; `postgresql` (the default). A folder is judged only
   * by its own dialect's rules and never parsed with another's grammar: `clickhouse` has its own
   * rules; `mysql` and `sqlite` are not judged (a changed migration there is `unknown`).
   */
  dialect?: MigrationDialect;
  /**
   * `true`: the folder ships the same schema for an alternative database the service also supports
   * (`db/mysql` beside `db/postgresql`), and the published verdict speaks only for the PostgreSQL
   * deployment. Its files are then not judged, and every report says so; without it a changed
   * migration of a dialect the tool does not judge is `unknown`.
   */
  alternative?: boolean;
}

export interface EnvSurfaceConfig {
  /** Globs of TypeScript/JavaScript files that read environment variables. */
  sources: string[];
  /**
   * Helper functions whose first argument names the variable, e.g. `getIntegerFromEnvironmentVariable`;
   * or `receiver.method` for a config service (`configService.get`: NestJS's ConfigService), whose keys
   * named like a variable (`APP_URL`) are env reads and other keys (`database.host`) its own namespaces.
   */
  helpers?: string[];
  /** `.env` files: example files (`.env.example`, `.env.sample`) document names only; others (`.env.defaults`) give defaults. */
  envFiles?: string[];
  /** Globs left out of `sources`, on top of the default excludes (build/test tool configs, tests, stories, dev servers). */
  exclude?: string[];
  /** Other objects whose property reads are env reads (`environment`, `config.env`); wrappers of `process.env` are found without it. */
  objects?: string[];
}

export interface RoutesSurfaceConfig {
  /** Globs of TypeScript/JavaScript files that register routes (routers, controllers, route files). */
  sources: string[];
}

/** MCP tools read from the server's code: files that register tools on an `McpServer`. */
export interface McpCodeConfig {
  /** Globs of TypeScript/JavaScript files that register tools (they and the modules they import are read). */
  sources: string[];
}

/**
 * The GraphQL schema the server serves: committed SDL files and/or code-first definitions (NestJS,
 * type-graphql decorators), read statically. Reported under `api.rest` (contract), lines prefixed `GraphQL:`.
 */
export interface GraphqlSurfaceConfig {
  /** Globs of committed SDL files (`*.graphql`, `*.gql`, `*.graphqls`): together they are one schema. */
  schema?: string[];
  /** Globs of TypeScript files with code-first definitions (`@ObjectType`, `@Resolver`, `@Query`, …). */
  sources?: string[];
}

/** tRPC routers read from code (their procedures and zod schemas). Reported under `api.rest`, lines prefixed `tRPC:`. */
export interface TrpcSurfaceConfig {
  /** Globs of TypeScript files that define routers (they and the in-repository modules they import are read). */
  sources: string[];
}

/** How the REST stage reads the team's deprecation and stability conventions (docs/rest.md "Policies"). */
export interface RestPolicyConfig {
  /** Extension holding an operation's stability level (draft, alpha, beta, stable); default `x-stability-level`. */
  stabilityExtension?: string;
  /** Extension holding the RFC 3339 date a deprecated operation or parameter may be removed on; default `x-sunset`. */
  sunsetExtension?: string;
}

/**
 * A deployment repository's entry for one container image (`bump-check`): where the service that
 * publishes the image keeps its release-safety index, how its image tags name versions, and where
 * its per-release artifacts are. `index` left out (as `init` proposes it) means not checked yet.
 */
export interface ImageIndexConfig {
  /** The release-safety index of the image's service: an http(s) URL, or a path relative to the config file. */
  index?: string;
  /** How the image's tags name release versions (`v{version}`); default `{version}` and `v{version}`. */
  tags?: string | string[];
  /** Per-release artifacts: a folder of `<version>.json` relative to the config file, or a URL template with `{version}`. */
  artifacts?: string;
}

export interface ReleaseSafetyConfig {
  migrations?: MigrationsFolder[] | false;
  /** One OpenAPI document, or several (a monorepo with several APIs: each is diffed on its own). */
  openapi?: string | string[] | false;
  /** Extension names of the REST policies (stability levels, sunsets); defaults are oasdiff's. */
  rest?: RestPolicyConfig;
  /** Source files whose code registers HTTP routes (read statically, never run). */
  routes?: RoutesSurfaceConfig | false;
  mcpTools?: string | false | McpCodeConfig;
  /** The GraphQL schema (SDL files and/or code-first sources); `false` when the service serves none. */
  graphql?: GraphqlSurfaceConfig | false;
  /** tRPC routers; `false` when the service has none. */
  trpc?: TrpcSurfaceConfig | false;
  env?: EnvSurfaceConfig | false;
  /** Target PostgreSQL major version for heaviness rules; default {@link DEFAULT_POSTGRES_VERSION}. */
  postgresVersion?: number;
  indexUrl?: string;
  floorVersion?: string;
  /** How release tags are named (`server-v{version}`); default `{version}` and `v{version}`. */
  tags?: string | string[];
  /** Team-wide rule decisions by rule id (src/accept/policy.ts): a level and the reason, listed in every report they affect. */
  rules?: Record<string, { level: 'breaking' | 'advisory' | 'info' | 'off'; reason: string }>;
  /** Deployment repositories (`bump-check`): the images whose tag changes are checked, by image repository. */
  images?: Record<string, ImageIndexConfig>;
}

export const DEFAULT_POSTGRES_VERSION = 16;
export const CONFIG_FILE_NAME = 'release-safety.config.json';
