import { detectGraphql, detectTrpc } from './detect-api-surfaces.js';

/**
 * `init`'s detection: from the repository's file list and the text of a few candidates, where each
 * surface lives — or evidence that the service has none. Pure: the caller lists and reads files.
 *
 * A surface is proposed as `false` ("the service has none") only on evidence of absence (no file of
 * the kind and no dependency that would make one); with no evidence either way it is left out, so
 * the verdict says `unknown` until a maintainer decides.
 */
import picomatch from 'picomatch';
import { compareText } from '../core/compare-text.js';
import { detectEnvHelpers } from './env-helpers.js';
import { envImporters } from './env-importers.js';
import type { ModuleLayout } from '../syntax/modules.js';
import { notRuntimePackages } from './runtime-packages.js';
import { detectTagPatterns } from './tags.js';
import { classifyMigrationsFolder } from './migration-dialects.js';
import { DIALECT_LABEL, type MigrationDialectName } from './migration-dialect-names.js';
import { packageDirs, packageOf, SOURCE_EXTENSIONS, stableGlobs } from './globs.js';

export interface RepositoryView {
  /** Tracked (and untracked, not ignored) files, forward slashes, relative to the root. */
  files: readonly string[];
  /** Text of a file, or undefined when it is too large or unreadable. */
  read(file: string): string | undefined;
  /**
   * How imports resolve (tsconfig aliases, workspace packages), from the tsconfig and package.json
   * files of `files` (run-init.ts loads it); absent: relative imports only.
   */
  moduleLayout?: ModuleLayout;
  /** The repository's tag names (for the release tag pattern); absent: not detected. */
  tags?: readonly string[];
  /**
   * Files of earlier releases that the newest commit no longer has (a sample of release tags), so a
   * layout that moved (`db/postgresql/migrations` → `prisma/migrations`) is configured for both.
   */
  history?: {
    files: readonly string[];
    read(file: string): string | undefined;
    where(file: string): string | undefined;
    /** API server dependencies of recent releases' manifests → the newest release tag that has it. */
    dependencies?: ReadonlyMap<string, string>;
  };
}

export interface SurfaceProposal {
  key: 'migrations' | 'openapi' | 'routes' | 'mcpTools' | 'env' | 'graphql' | 'trpc' | 'tags';
  /** The config value; undefined leaves the key out (unknown). */
  value: unknown;
  /** What was seen, for the explanation `init` prints. */
  evidence: string;
  /** What to write when the config schema refuses `value` (a field this version of the schema lacks). */
  fallback?: { value: unknown; evidence: string };
}

const IGNORED = /(^|\/)(node_modules|dist|build|out|coverage|vendor|\.git|\.next|\.turbo)(\/|$)/;
const NOT_SERVER =
  /(^|\/)(test|tests|__tests__|__mocks__|e2e|fixtures?|examples?|references|stories|storybook|docs?|scripts)(\/|$)|\.(test|spec|stories|e2e)\.[cm]?[jt]sx?$|(^|\/)[^/]*\.config\.[cm]?[jt]s$/;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** A file of an earlier release that init reads for a surface: a source file or a package manifest. */
export function isHistorySource(file: string): boolean {
  if (IGNORED.test(file)) return false;
  if (/(^|\/)package\.json$/.test(file)) return true;
  return SOURCE.test(file) && !NOT_SERVER.test(file) && !file.endsWith('.d.ts');
}

/**
 * The newest commit's files with those of earlier releases it no longer has (read from the newest
 * release that has each): a backfill visits those releases, so their layout is configured too.
 */
export function withHistory(view: RepositoryView): RepositoryView {
  const history = view.history;
  if (!history || history.files.length === 0) return view;
  return { ...view, files: [...new Set([...view.files, ...history.files])].sort(), read: (file) => view.read(file) ?? history.read(file) };
}

/**
 * For the globs of a surface that select no file of the newest commit: where they were seen
 * (`"pages/**" at 0.2.3`), for the explanation; empty when every glob holds today.
 */
export function earlierOnly(globs: readonly string[], current: RepositoryView, found: readonly string[]): string[] {
  const history = current.history;
  if (!history) return [];
  const now = new Set(current.files);
  return globs.flatMap((glob) => {
    const matches = picomatch(glob, { dot: true });
    if (found.some((file) => now.has(file) && matches(file))) return [];
    const earlier = found.find((file) => !now.has(file) && matches(file));
    const tag = earlier === undefined ? undefined : history.where(earlier);
    return tag === undefined ? [] : [`${glob} at ${tag}`];
  });
}

/** ", found only at earlier releases: … (the layout moved: both are configured)" or ''. */
function movedNote(globs: readonly string[], current: RepositoryView, found: readonly string[]): string {
  const earlier = earlierOnly(globs, current, found);
  return earlier.length === 0 ? '' : `; gone from the newest commit, seen at earlier releases: ${earlier.join(', ')} (the layout moved: both are configured)`;
}

function sources(view: RepositoryView): string[] {
  return view.files.filter((file) => SOURCE.test(file) && !IGNORED.test(file) && !NOT_SERVER.test(file) && !file.endsWith('.d.ts'));
}

/** Dependency names of every package.json (a monorepo has several). */
export function dependencies(view: RepositoryView): Set<string> {
  const names = new Set<string>();
  for (const file of view.files.filter((path) => /(^|\/)package\.json$/.test(path) && !IGNORED.test(path))) {
    try {
      const manifest = JSON.parse(view.read(file) ?? '{}') as Record<string, unknown>;
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        const deps = manifest[field];
        if (deps && typeof deps === 'object') for (const name of Object.keys(deps)) names.add(name);
      }
    } catch {
      // An unreadable manifest proves nothing either way.
    }
  }
  return names;
}

/** Globs for a set of files: one per folder and extension, sorted. */
export function globsFor(files: readonly string[]): string[] {
  const globs = new Set<string>();
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    const dir = slash === -1 ? '' : file.slice(0, slash + 1);
    const extension = file.slice(file.lastIndexOf('.'));
    globs.add(`${dir}*${extension}`);
  }
  return [...globs].sort();
}

// ---- migrations -------------------------------------------------------------------------------

// logto keeps its migrations in `packages/schemas/alterations`.
const MIGRATION_DIR = /(^|\/)(migrations?|migrate|drizzle|alterations)$/i;
const MIGRATION_FILE = /\.(sql|ts|js|mjs|cjs)$/;
// Absence is claimed only when nothing in any manifest even looks like a database client or migration tool.
const DATABASE_LIKE =
  /(^|[/@-])(pg|postgres|postgresql|sql|mysql|sqlite|orm|knex|prisma|drizzle|sequelize|typeorm|kysely|mikro-orm|objection|slonik|bookshelf|migrat\w*|db)([/-]|$)/i;
const MIGRATION_DEPENDENCIES = [
  'knex',
  'sequelize',
  'sequelize-cli',
  'typeorm',
  'prisma',
  '@prisma/client',
  'drizzle-orm',
  'drizzle-kit',
  'kysely',
  'node-pg-migrate',
  '@mikro-orm/core',
  '@mikro-orm/migrations',
  'db-migrate',
  'postgres-migrations',
  'pg',
  'postgres',
];

/** A folder of TS/JS files is database migrations only with SQL, an up/down or a database call in it (typebot's `src/migrations` upgrade documents, not tables). */
const DATABASE_MIGRATION_CODE =
  /\bexports\.(up|down)\b|\b(async\s+)?(up|down)\s*[:(=]|queryInterface|MigrationInterface|\bKysely\b|\bknex\b|\bpgm\.|\bsql`|\.query\s*\(|\.execute\s*\(|\$executeRaw|MigrationScript|CREATE\s+TABLE|ALTER\s+TABLE/i;

export function looksLikeDatabaseMigrations(files: readonly string[], read: (file: string) => string | undefined): boolean {
  if (files.some((file) => /\.sql$/i.test(file))) return true;
  return files
    .filter((file) => MIGRATION_FILE.test(file))
    .slice(0, 10)
    .some((file) => DATABASE_MIGRATION_CODE.test(read(file) ?? ''));
}

export function detectMigrations(current: RepositoryView, deps: ReadonlySet<string>): SurfaceProposal {
  // Folders of earlier releases count too: a backfill visits them.
  const history = current.history;
  const view: RepositoryView = history
    ? { files: [...new Set([...current.files, ...history.files])].sort(), read: (file) => current.read(file) ?? history.read(file) }
    : current;
  const gone = (dir: string) => history !== undefined && !current.files.some((file) => file.startsWith(`${dir}/`));
  const folders = new Map<string, number>();
  for (const file of view.files) {
    if (IGNORED.test(file) || NOT_SERVER.test(file) || !MIGRATION_FILE.test(file)) continue;
    const parts = file.split('/');
    // The nearest folder named like a migrations folder, within two levels above the file
    // (`db/migrations/001.sql`, `prisma/migrations/20240501_x/migration.sql`).
    for (let depth = parts.length - 2; depth >= Math.max(0, parts.length - 3); depth--) {
      const dir = parts.slice(0, depth + 1).join('/');
      if (MIGRATION_DIR.test(dir)) {
        folders.set(dir, (folders.get(dir) ?? 0) + 1);
        break;
      }
    }
  }
  const candidates = [...folders.keys()].filter((dir) => ![...folders.keys()].some((other) => other !== dir && dir.startsWith(`${other}/`))).sort();
  const skipped: string[] = [];
  const classified: Array<{ dir: string; dialect: MigrationDialectName; evidence: string }> = [];
  for (const dir of candidates) {
    const inFolder = view.files.filter((file) => file.startsWith(`${dir}/`));
    if (!looksLikeDatabaseMigrations(inFolder, (file) => view.read(file))) {
      skipped.push(`${dir} (no SQL, no up/down and no database call: not database migrations)`);
      continue;
    }
    classified.push({ dir, ...classifyMigrationsFolder(dir, inFolder, (file) => view.read(file)) });
  }
  if (classified.length > 0) {
    const hasPostgres = classified.some((folder) => folder.dialect === 'postgresql');
    const edition = (dir: string): 'core' | 'ee' => (/(^|\/)(ee|enterprise)(\/|$)/i.test(dir) ? 'ee' : 'core');
    const withDialects = classified.map(({ dir, dialect }) => ({
      dir,
      edition: edition(dir),
      ...(dialect === 'postgresql' ? {} : { dialect }),
      // The same schema for another database the service also supports (db/mysql beside db/postgresql); ClickHouse runs beside PostgreSQL.
      ...((dialect === 'mysql' || dialect === 'sqlite') && hasPostgres ? { alternative: true } : {}),
    }));
    const postgresOnly = withDialects.filter((folder) => !('dialect' in folder)).map(({ dir, edition: folderEdition }) => ({ dir, edition: folderEdition }));
    const described = classified.map(({ dir, dialect, evidence }) => {
      const where = gone(dir)
        ? `; at ${history!.where(view.files.find((file) => file.startsWith(`${dir}/`))!) ?? 'an earlier release'}, gone from the newest commit (the layout moved: both are configured)`
        : '';
      return `${dir} (${folders.get(dir)} files): ${DIALECT_LABEL[dialect]}, ${evidence}${where}`;
    });
    const others = classified.filter((folder) => folder.dialect !== 'postgresql').map(({ dir, dialect }) => `${dir} (${DIALECT_LABEL[dialect]})`);
    return {
      key: 'migrations',
      value: withDialects,
      evidence: [...described, ...skipped.map((entry) => `left out ${entry}`)].join('; '),
      ...(others.length > 0
        ? {
            fallback: {
              value: postgresOnly.length > 0 ? postgresOnly : undefined,
              evidence: `${[...described, ...skipped.map((entry) => `left out ${entry}`)].join('; ')}; left out ${others.join(', ')}: this config schema has no dialect field, and no folder is ever configured as PostgreSQL when it is not`,
            },
          }
        : {}),
    };
  }
  const used = [...deps].filter((name) => MIGRATION_DEPENDENCIES.includes(name) || DATABASE_LIKE.test(name)).sort();
  if (used.length > 0)
    return {
      key: 'migrations',
      value: undefined,
      evidence: `no migrations folder found, but the service depends on ${used.join(', ')}: add its folder by hand`,
    };
  return { key: 'migrations', value: false, evidence: 'no migrations folder and no database or migration dependency' };
}

// ---- OpenAPI ----------------------------------------------------------------------------------

const SPEC_FILE = /\.(json|ya?ml)$/i;
const NOT_A_SPEC_HOME = /(^|\/)(test|tests|__tests__|e2e|fixtures?|examples?)(\/|$)/;
const OPENAPI_KEY = /^\s*\{?\s*["']?(openapi|swagger)["']?\s*:\s*["']?[23]\./m;
// Besides the frameworks the routes stage reads, anything that serves HTTP is evidence of an API.
const SERVER_LIKE =
  /(^|[/@-])(express|koa|fastify|hono|nest|nestjs|tsoa|next|restify|hapi|h3|nitro|elysia|polka|micro|trpc|apollo|graphql|yoga|feathers|loopback|adonis|sails|http|server)([/-]|$)/i;
const SERVES_HTTP = /\bcreateServer\s*\(|\.listen\s*\(/;

/** Web framework dependencies (named, for the explanation), or any dependency or source that serves HTTP. */
function webEvidence(view: RepositoryView, deps: ReadonlySet<string>): string[] {
  const named = [...deps].filter((name) => WEB_DEPENDENCIES.includes(name) || SERVER_LIKE.test(name)).sort();
  if (named.length > 0) return named;
  const serving = sources(view).find((file) => SERVES_HTTP.test(view.read(file) ?? ''));
  return serving === undefined ? [] : [`a server started in ${serving}`];
}

const WEB_DEPENDENCIES = [
  'express',
  'koa',
  'koa-router',
  '@koa/router',
  'fastify',
  'hono',
  '@nestjs/core',
  '@nestjs/common',
  'tsoa',
  'next',
  'restify',
  '@hapi/hapi',
  'h3',
  'elysia',
];

export function detectOpenApi(view: RepositoryView, deps: ReadonlySet<string>, routes?: SurfaceProposal): SurfaceProposal {
  const documents = view.files.filter((file) => {
    // API documents often live under docs/ (`docs/api/openapi.yaml`): only test and example trees are skipped.
    if (!SPEC_FILE.test(file) || IGNORED.test(file) || NOT_A_SPEC_HOME.test(file) || /(^|\/)package(-lock)?\.json$|tsconfig/.test(file)) return false;
    const text = view.read(file);
    return text !== undefined && OPENAPI_KEY.test(text.slice(0, 4096));
  });
  if (documents.length === 1) return { key: 'openapi', value: documents[0], evidence: `${documents[0]} has an openapi/swagger key` };
  if (documents.length > 1) return { key: 'openapi', value: documents.sort(), evidence: `${documents.length} documents with an openapi/swagger key` };
  if (routes?.value !== undefined && routes.value !== false) {
    // No document to compare, but the routes the code serves are read: REST is decided from them.
    return {
      key: 'openapi',
      value: false,
      evidence: `no committed OpenAPI document: REST is judged from the routes the code serves (${routes.evidence}); a generated document can still be passed with --openapi-base/--openapi-head`,
    };
  }
  const web = webEvidence(view, deps);
  if (web.length > 0) {
    return {
      key: 'openapi',
      value: undefined,
      evidence: `no committed OpenAPI document; the service uses ${web.join(', ')}: pass a generated one with --openapi-base/--openapi-head, or rely on routes`,
    };
  }
  return { key: 'openapi', value: false, evidence: 'no OpenAPI document and no web framework dependency' };
}

// ---- routes -----------------------------------------------------------------------------------

const ROUTER_IMPORT =
  /from\s+["'](express|koa-router|@koa\/router|fastify|hono|@nestjs\/common|tsoa)["']|require\(\s*["'](express|koa-router|@koa\/router|fastify|hono)["']\s*\)/;
// A route registration, or a router mounted under a literal prefix (`app.use('/api', router)`): the routes
// stage resolves prefixes in the files it reads.
const ROUTE_CALL = /\.(get|post|put|patch|delete|all|route)\s*\(|\.use\s*\(\s*["'`]\/|@(Get|Post|Put|Patch|Delete|Route|Controller)\s*\(/;
const NEXT_ROUTE = /(^|\/)(app\/.*\/route\.[jt]s|pages\/api\/.*\.[jt]s)$/;

export function detectRoutes(current: RepositoryView, deps: ReadonlySet<string>): SurfaceProposal {
  const view = withHistory(current);
  const files = sources(view).filter((file) => {
    if (NEXT_ROUTE.test(file)) return true;
    const text = view.read(file);
    return text !== undefined && ROUTER_IMPORT.test(text) && ROUTE_CALL.test(text);
  });
  if (files.length > 0) {
    const sources = stableGlobs(files, packageDirs(view.files));
    return {
      key: 'routes',
      value: { sources },
      evidence: `${files.length} source files register routes, under ${sources.length} root(s)${movedNote(sources, current, files)}`,
    };
  }
  const web = webEvidence(view, deps);
  if (web.length > 0)
    return {
      key: 'routes',
      value: undefined,
      evidence: `the service uses ${web.join(', ')} but no file registering routes was recognised: add routes.sources by hand`,
    };
  return { key: 'routes', value: false, evidence: 'no web framework dependency and no route file' };
}

// ---- MCP --------------------------------------------------------------------------------------

// The SDK (`@modelcontextprotocol/sdk`) and its split packages (`@modelcontextprotocol/server`, v2).
const MCP_IMPORT = /["']@modelcontextprotocol\/(sdk|server)\b/;
const MCP_REGISTRATION = /\.(registerTool|tool)\s*\(|ListToolsRequestSchema/;

function isToolSnapshot(text: string): boolean {
  try {
    const data = JSON.parse(text) as unknown;
    const tools = Array.isArray(data) ? data : (data as { tools?: unknown }).tools;
    return (
      Array.isArray(tools) &&
      tools.length > 0 &&
      tools.every((tool) => typeof (tool as { name?: unknown }).name === 'string' && typeof (tool as { inputSchema?: unknown }).inputSchema === 'object')
    );
  } catch {
    return false;
  }
}

/**
 * A submodule inside a package that depends on an MCP library, when no registration is in this
 * repository (docmost keeps its MCP server in the private `apps/server/src/ee`): its files cannot be
 * read, but its commit can be compared, so it is what the config names.
 */
function mcpSubmodule(view: RepositoryView): { path: string; manifest: string; dependency: string } | undefined {
  const paths = [...(view.read('.gitmodules') ?? '').matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)].map((match) => match[1]!.replace(/^\.\//, '').replace(/\/+$/, ''));
  if (paths.length === 0) return undefined;
  for (const manifest of view.files.filter((file) => /(^|\/)package\.json$/.test(file) && !IGNORED.test(file))) {
    let dependency: string | undefined;
    try {
      const parsed = JSON.parse(view.read(manifest) ?? '{}') as Record<string, Record<string, unknown> | undefined>;
      dependency = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']
        .flatMap((field) => Object.keys(parsed[field] ?? {}))
        .find((name) => /mcp|modelcontextprotocol/i.test(name));
    } catch {
      continue;
    }
    if (dependency === undefined) continue;
    const dir = manifest.includes('/') ? manifest.slice(0, manifest.lastIndexOf('/')) : '';
    const path = paths.find((candidate) => dir === '' || candidate.startsWith(`${dir}/`));
    if (path !== undefined) return { path, manifest, dependency };
  }
  return undefined;
}

/** The manifests (outside ignored folders) that list an MCP library in a dependency field. */
function mcpManifests(view: RepositoryView): string[] {
  return view.files.filter((manifest) => {
    if (!/(^|\/)package\.json$/.test(manifest) || IGNORED.test(manifest) || NOT_SERVER.test(manifest)) return false;
    try {
      const parsed = JSON.parse(view.read(manifest) ?? '{}') as Record<string, Record<string, unknown> | undefined>;
      return ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']
        .flatMap((field) => Object.keys(parsed[field] ?? {}))
        .some((name) => /mcp|modelcontextprotocol/i.test(name));
    } catch {
      return false;
    }
  });
}

export function detectMcp(view: RepositoryView, deps: ReadonlySet<string>): SurfaceProposal {
  const code = sources(view).filter((file) => {
    const text = view.read(file);
    return text !== undefined && MCP_IMPORT.test(text) && MCP_REGISTRATION.test(text);
  });
  if (code.length > 0)
    return {
      key: 'mcpTools',
      value: { sources: stableGlobs(code, packageDirs(view.files), { nested: true }) },
      evidence: `${code.length} source files register MCP tools`,
    };
  const snapshots = view.files.filter(
    (file) => file.endsWith('.json') && !IGNORED.test(file) && !NOT_SERVER.test(file) && /tool/i.test(file) && isToolSnapshot(view.read(file) ?? ''),
  );
  if (snapshots.length === 1) return { key: 'mcpTools', value: snapshots[0], evidence: `${snapshots[0]} is a tools/list snapshot` };
  const submodule = mcpSubmodule(view);
  if (submodule) {
    return {
      key: 'mcpTools',
      value: { sources: [`${submodule.path}/**/*.${SOURCE_EXTENSIONS}`] },
      evidence: `no tool registration in this repository, and ${submodule.path} is a git submodule (another repository) inside ${submodule.manifest}, which depends on ${submodule.dependency}: a release that keeps its commit is no change there; one that changes it is unknown, naming it`,
    };
  }
  // An MCP library only in command-line clients published beside the service (trigger.dev's
  // `packages/cli-v3`, run as `npx trigger.dev mcp` on the user's machine): their tools are not served
  // by the deployed service, whose rolling update they do not take part in.
  const clients = commandLineClients(view);
  const users = mcpManifests(view);
  if (
    snapshots.length === 0 &&
    users.length > 0 &&
    users.every((manifest) => clients.has(manifest === 'package.json' ? '' : manifest.slice(0, -'/package.json'.length)))
  )
    return {
      key: 'mcpTools',
      value: false,
      evidence: `the MCP library is a dependency of ${users.join(', ')} only, a command-line client (a bin, no web framework) published beside the service: its MCP tools run on the user's machine, not in the deployed service`,
    };
  if ([...deps].some((name) => /mcp|modelcontextprotocol/i.test(name)) || snapshots.length > 1) {
    return {
      key: 'mcpTools',
      value: undefined,
      evidence: 'the service depends on an MCP library but no tool registration or single snapshot was recognised: set mcpTools by hand',
    };
  }
  return { key: 'mcpTools', value: false, evidence: 'no MCP dependency and no tools/list snapshot' };
}

// ---- env --------------------------------------------------------------------------------------

const ENV_READ = /process\.env\b|import\.meta\.env\b|Deno\.env/;
const EXAMPLE_ENV = /(^|\/)(\.env\.(example|sample|template|dist|defaults)|example\.env|sample\.env)$/;

/**
 * Packages that are command-line clients published beside the service (hoppscotch's `@hoppscotch/cli`,
 * lightdash's `@lightdash/cli`): a `bin` and no web framework. Their env reads are the user's shell,
 * not the deployed service's settings, so `init` does not make them env sources (a computed
 * `process.env[variable.key]` there kept every release unknown). A `bin` that starts a server stays.
 */
function commandLineClients(view: RepositoryView): Set<string> {
  const clients = new Set<string>();
  for (const manifest of view.files.filter((file) => /(^|\/)package\.json$/.test(file) && file !== 'package.json' && !IGNORED.test(file))) {
    try {
      const parsed = JSON.parse(view.read(manifest) ?? '{}') as { bin?: unknown } & Record<string, unknown>;
      if (parsed.bin === undefined || parsed.bin === null) continue;
      const names = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
        Object.keys((parsed[field] as Record<string, unknown> | undefined) ?? {}),
      );
      if (!names.some((name) => WEB_DEPENDENCIES.includes(name))) clients.add(manifest.slice(0, -'/package.json'.length));
    } catch {
      // An unreadable manifest: its package stays a source.
    }
  }
  return clients;
}

/** Browser test suites (umami's `cypress/`, formbricks' `apps/web/playwright/`) import the service's modules too: tests, not env sources. */
const BROWSER_TEST_FOLDER = /(^|\/)(cypress|playwright)\//;

/** Source files larger than this are generated bundles (as run-init.ts reads history), not env modules' importers. */
const MAX_IMPORTER_BYTES = 512 * 1024;

function readSource(view: RepositoryView, file: string): string | undefined {
  const text = view.read(file);
  return text === undefined || text.length > MAX_IMPORTER_BYTES ? undefined : text;
}

/** `plugins/**` for `plugins/**\/*.{ts,…}`: the root a glob stands for, as the explanation names it. */
function rootOf(glob: string): string {
  return glob.endsWith(`/**/*.${SOURCE_EXTENSIONS}`) ? glob.slice(0, -`/*.${SOURCE_EXTENSIONS}`.length) : glob;
}

export function detectEnv(current: RepositoryView, deps: ReadonlySet<string> = new Set()): SurfaceProposal {
  const view = withHistory(current);
  // NestJS services read their variables through ConfigService: those files read the environment too.
  const configService = deps.has('@nestjs/config') ? /:\s*ConfigService\b/ : undefined;
  const clients = commandLineClients(view);
  const packages = packageDirs(view.files);
  const readers = sources(view).filter((file) => {
    if (clients.has(packageOf(file, packages))) return false;
    const text = view.read(file) ?? '';
    return ENV_READ.test(text) || (configService?.test(text) ?? false);
  });
  const examples = view.files.filter((file) => EXAMPLE_ENV.test(file) && !IGNORED.test(file) && !NOT_SERVER.test(file)).sort();
  // A test harness or an SDK published for the service's users that nothing the service runs imports:
  // its variables are not the service's settings (./runtime-packages.ts). Only when some reader stays.
  const excluded = notRuntimePackages((file) => view.read(file), packages, sources(view)).packages;
  const outside = readers.filter((file) => excluded.has(packageOf(file, packages)));
  const notRuntime = outside.length > 0 && outside.length < readers.length ? [...new Set(outside.map((file) => packageOf(file, packages)))].sort() : [];
  if (notRuntime.length > 0) readers.splice(0, readers.length, ...readers.filter((file) => !notRuntime.includes(packageOf(file, packages))));
  if (readers.length > 0) {
    const found = detectEnvHelpers(new Map(readers.map((file) => [file, view.read(file) ?? ''])), deps);
    // Files that read the environment through an env module (outline's plugins import `@server/env`):
    // their roots too, or a variable only they read is never seen. Same exclusions as the readers.
    const candidates = sources(view).filter((file) => {
      const pkg = packageOf(file, packages);
      return !clients.has(pkg) && !excluded.has(pkg) && !BROWSER_TEST_FOLDER.test(file);
    });
    const importers = envImporters(readers, candidates, (file) => readSource(view, file), new Set(view.files), view.moduleLayout);
    const readerGlobs = stableGlobs(readers, packages);
    const globs = stableGlobs([...readers, ...importers.keys()], packages);
    const throughImports = globs
      .filter((glob) => !readerGlobs.includes(glob))
      .flatMap((glob) => {
        const matches = picomatch(glob, { dot: true });
        // The env module most of the root's importers import, with how many do.
        const counts = new Map<string, number>();
        for (const [file, { imports }] of importers) if (matches(file)) counts.set(imports, (counts.get(imports) ?? 0) + 1);
        const [module, count] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0] ?? [];
        return module === undefined
          ? []
          : [`${rootOf(glob)} imports ${module} (${count} of its files${counts.size > 1 ? `; ${counts.size - 1} other env modules` : ''})`];
      });
    return {
      key: 'env',
      value: {
        sources: globs,
        ...(found.helpers.length > 0 ? { helpers: found.helpers } : {}),
        ...(examples.length > 0 ? { envFiles: examples } : {}),
      },
      evidence:
        `${readers.length} source files read the environment` +
        (throughImports.length > 0 ? `; ${importers.size} more read it through an env module they import: ${throughImports.join('; ')}` : '') +
        movedNote(globs, current, [...readers, ...importers.keys()]) +
        (found.helpers.length > 0 ? `; helpers ${found.evidence.join('; ')}` : '') +
        (examples.length > 0 ? `; example files ${examples.join(', ')}` : '') +
        (clients.size > 0 ? `; not the service (command-line clients: a bin, no web framework): ${[...clients].sort().join(', ')}` : '') +
        (notRuntime.length > 0
          ? `; not the service's run time (no non-test source of another package imports them): ${notRuntime.map((dir) => `${dir} (${excluded.get(dir)})`).join(', ')}`
          : ''),
    };
  }
  if (examples.length > 0)
    return {
      key: 'env',
      value: undefined,
      evidence: `example files ${examples.join(', ')} but no source reading process.env was recognised: set env.sources by hand`,
    };
  return { key: 'env', value: false, evidence: 'no source reads process.env and no example env file' };
}

export function detectSurfaces(view: RepositoryView): SurfaceProposal[] {
  const deps = dependencies(view);
  const routes = detectRoutes(view, deps);
  const proposals = [
    detectMigrations(view, deps),
    detectOpenApi(view, deps, routes),
    routes,
    detectMcp(view, deps),
    detectEnv(view, deps),
    detectGraphql(view, deps),
    detectTrpc(view, deps),
  ];
  const tags = view.tags === undefined ? undefined : detectTagPatterns(view.tags);
  if (tags) proposals.push({ key: 'tags', value: tags.patterns.length === 1 ? tags.patterns[0] : tags.patterns, evidence: tags.evidence });
  return proposals;
}
