/**
 * The routes a service's code serves, as read statically from its sources (nothing is executed).
 * A route is `METHOD path` where it is registered; its full path may depend on mounts in other files
 * (`app.use('/api/v1', projectRouter)`), resolved in `resolve.ts`.
 */

/** Upper-case HTTP method, or `ALL` for a handler that answers every method (`router.all`, `pages/api`). */
export type RouteMethod = string;

/** A route as one file registers it, relative to the router that serves it. */
export interface RegisteredRoute {
  method: RouteMethod;
  /** Path as written, relative to its router (`/explores/:exploreId`, `documents.list`). */
  path: string;
  line: number;
  /** The router (see {@link RouterId}) it is registered on; `''` for a route whose path is already complete (decorators, Next.js files). */
  router: string;
  framework: string;
  /** The runtime condition the registration sits under in its function or file (`if (flags.legacy)`), as written; none when unconditional. */
  condition?: string;
  /**
   * A path that cannot be read but is the same at both refs (the per-route differential): the
   * expression as written; `path` then holds a token of what it depends on, not a real path.
   */
  opaque?: string;
}

/**
 * A router inside one file: `name@position` of its declaration (variable, parameter, or
 * `default` for an anonymous default export), unique within the file.
 */
export type RouterId = string;

/** Where a router is mounted: `parent.use('/prefix', child)`, `app.route('/p', sub)`, `fastify.register(plugin, { prefix })`. */
export interface Mount {
  parent: RouterId;
  /** Literal prefix, or `undefined` when it cannot be read (the child is then compared by its own file and path). */
  prefix: string | undefined;
  /**
   * The prefix expression as written when it is not a literal (`config.apiPrefix`): part of the
   * anchor of the child's routes, so a mount whose expression changed moves them (the value of
   * the same expression is not known, and taken as unchanged).
   */
  prefixText?: string;
  child: { kind: 'local'; router: RouterId } | { kind: 'import'; module: string; exportName: string };
  line: number;
  /** As {@link RegisteredRoute.condition}: a mount under a condition serves its routes only when it holds. */
  condition?: string;
}

/** Routers that are applications themselves (`express()`, `new Hono()`, `Fastify()`): their routes need no mount. */
export interface FileRoutes {
  routes: RegisteredRoute[];
  mounts: Mount[];
  roots: RouterId[];
  /** Own prefixes given at construction (`new Router({ prefix })`, `new Hono().basePath('/api')`). */
  ownPrefixes: Record<RouterId, string>;
  /** Export name → router served under it (a router variable, or the router parameter of an exported plugin function). */
  exports: Record<string, RouterId>;
  /**
   * Export name → where it is re-exported from (`export { users } from './users'`,
   * `export { default as users } from './users'`); `*` holds the modules of `export * from`.
   * A barrel between the mount and the router: followed, so a router moved behind it keeps its mount.
   */
  reexports?: Record<string, { module: string; exportName: string }>;
  starReexports?: string[];
  /** Registrations that could not be read statically, each with its line and why. */
  unreadable: string[];
  /**
   * Reason (as in `unreadable`) → modules whose imports the unreadable expression names
   * (`router.get(PATHS.users, …)` with `PATHS` from `./paths`): the registration may change
   * through them, though its own file did not.
   */
  unreadableImports?: Record<string, string[]>;
  /**
   * Settings that move every route of the application, wherever registered (NestJS
   * `app.setGlobalPrefix('api')`, `app.enableVersioning(…)`), as written with their line: when they
   * differ between the refs, routes of files the release did not touch moved.
   */
  globalSettings?: GlobalSetting[];
  /**
   * Route registrations whose path is not a literal of the file (`router.get(config.paths.login, …)`):
   * each is also in `unreadable`, and the surface tries the constants of other modules, then the
   * per-route differential (what the path depends on identical at both refs) before it counts.
   */
  deferred?: DeferredRoute[];
}

/** What an expression depends on in its own file (src/stages/rest/routes/expression-deps.ts). */
export interface ExpressionDeps {
  /** The expression as written, whitespace folded (never shortened). */
  text: string;
  /** The imports it names (`specifier` as written, the export it stands for). */
  imports: { specifier: string; exportName: string }[];
  /** Same-file declarations it uses, transitively, as written. */
  locals: string[];
  /** Names whose value flows in from callers or assignments (parameters, `let`, patterns, `this`). */
  inflow: string[];
  /**
   * Some of `inflow` is assigned in the file's code (`let`/`var`, a pattern not read): its value may
   * come from anything the file imports. Without it, the inflow is from callers only.
   */
  assigned?: boolean;
}

export interface GlobalSetting {
  line: number;
  deps: ExpressionDeps;
}

export interface DeferredRoute {
  /** As in {@link FileRoutes.unreadable}. */
  reason: string;
  method: RouteMethod;
  router: RouterId;
  line: number;
  framework: string;
  condition?: string;
  /** The path expression's place in the file text. */
  start: number;
  end: number;
  deps: ExpressionDeps;
}

export type FileExtraction = ({ ok: true } & FileRoutes) | { ok: false; reason: string };
