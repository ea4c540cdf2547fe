import { type t } from '../../../syntax/parse.js';

/** The shapes the env reader hands out and takes in: reads, unresolved reads, linked imports, module facts. */

/** One place that reads a named variable. */
export interface EnvRead {
  name: string;
  /** Literal default when the variable is unset (`|| 'x'`, `?? 'x'`, `=== 'true'` → `'false'`, a schema's `.default(…)`); null when none is visible. */
  default: string | null;
  line: number;
  /** Where in the file it is read (enclosing property/variable/function names): pairs renames. */
  shape: string;
  /** The source line, trimmed, as evidence. */
  statement: string;
  /** Other variables read in the same fallback chain (`process.env.NEW ?? process.env.OLD`): pairs renames. */
  fallbacks?: string[];
  /** A schema key only: whether the schema accepts the variable unset (null: cannot be told). A plain read has none. */
  optional?: boolean | null;
  /**
   * The default as written (whitespace collapsed) when it is not a literal the reader evaluates
   * (`isProd ? 'info' : 'debug'`, `pick('x')`, a helper-built schema): when it changes, whether an
   * unset variable behaves alike cannot be told.
   */
  opaque?: string;
  /**
   * The default is what a comparison gives an unset variable (`=== 'true'` → `'false'`), not a value
   * the variable takes: a new comparison beside plain reads changes no default (src/stages/config/diff.ts).
   */
  compared?: true;
  /**
   * Variables whose value an unset one takes (`process.env.A || process.env.B`, or `|| baseBucket`
   * where `baseBucket` holds `process.env.B` through constants, destructurings and a same-file
   * function's returned object): a name that appears or goes here changes what an unset A means.
   */
  defaultFrom?: string[];
}

/** A read whose variable cannot be named statically: the surface is unknown while it stays. */
export interface UnresolvedRead {
  line: number;
  reason: string;
  /**
   * The read inside a property-key decorator (`process.env[propertyKey]`): its names are the
   * properties it decorates, read where they are in env.sources; only a file outside them that
   * imports it can add one (src/stages/env/surface.ts settles it so).
   */
  decorator?: true;
  /**
   * The family of names a computed read is confined to, as a glob (`OBJECT_STORE_*_BUCKET` for
   * trigger.dev's `process.env[`${prefix}BUCKET`]`), with the read's default: what a caller gives
   * only picks a member of the family. The same family read alike at both refs is no change
   * (src/stages/env/surface.ts); one that appears or goes stays unknown.
   */
  pattern?: string;
  /**
   * The env object itself leaves here (returned, stored, handed on): what reads through it is
   * wherever the value goes, so a changed file that reaches this one (or what it imports) may read
   * another variable through it (src/stages/differential.ts `escapes`).
   */
  escape?: true;
}

/** A parse failure keeps line and message only: the same blob may sit at another path (the cache is by blob). */
/**
 * `decoratorModules`: the modules whose property-key decorators the file applies (linked by
 * module-links.ts), so a changed importer of one is known to have been read through.
 */
export type Extraction =
  { ok: true; reads: EnvRead[]; unresolved: UnresolvedRead[]; decoratorModules?: string[] } | { ok: false; line: number; message: string };

/** What the file's imports turned out to be, resolved across the repository (empty when parsed alone). */
export interface LinkedImports {
  /** Local names (or dotted paths through a namespace import) bound to an env object, with the keys the wrapper defines itself. */
  envObjects: ReadonlyMap<string, readonly string[]>;
  /** Local names (or dotted paths) bound to a literal constant of another file. */
  constants: ReadonlyMap<string, string | null>;
  /** Local names bound to another file's property-key decorator: true for a factory (`@Deprecated("…")`), false for a bare one. */
  keyDecorators?: ReadonlyMap<string, boolean>;
  /** Local names (or dotted paths through a namespace import) bound to another file's env source: a function whose result is an env object. */
  envSources?: readonly string[];
}

export const NO_LINKS: LinkedImports = { envObjects: new Map(), constants: new Map() };

export interface ExtractOptions {
  /** Functions whose first argument names the variable (`env.helpers`). */
  helpers: readonly string[];
  /** Other objects whose property reads are env reads (`env.objects`), as dotted paths. */
  objects: readonly string[];
  linked: LinkedImports;
}

/** How a file's own bindings look to its importers. */
export type ExportFact =
  | { kind: 'env'; ownKeys: readonly string[] }
  | { kind: 'constant'; value: string | null }
  | { kind: 'object'; values: Readonly<Record<string, string | null>> }
  | { kind: 'reexport'; specifier: string; imported: string }
  | { kind: 'keyDecorator'; factory: boolean }
  /** A function whose every return is an env object (formbricks' `getAIEnvironment = (e?) => e ?? process.env`): what is read off its calls is read. */
  | { kind: 'envSource' };

export interface ImportFact {
  local: string;
  specifier: string;
  /** `default`, `*` (namespace) or the exported name. */
  imported: string;
}

/** What importers of the file need, and which of its imports could change what it reads. */
export interface ModuleFacts {
  exports: ReadonlyMap<string, ExportFact>;
  /** Only imports used as values or called (not types): the others cannot hold env objects, env sources or defaults. */
  imports: readonly ImportFact[];
  /** `export * from './x'` (a package index): a name not exported here may be one of these modules'. */
  starExports?: readonly string[];
}

/** A parsed file: the syntax tree and the text it was parsed from (for evidence lines and excerpts). */
export interface ParsedFile {
  ast: t.File;
  text: string;
}

export type Parsed = { ok: true; sourceFile: ParsedFile } | { ok: false; line: number; message: string };
