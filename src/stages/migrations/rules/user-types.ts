/**
 * User-defined types as ADD COLUMN sees them. Adding a column of a domain that has a CHECK or NOT
 * NULL constraint, or a volatile default, makes PostgreSQL rewrite the table under ACCESS EXCLUSIVE
 * to check or fill every row (tablecmds.c: `DomainHasConstraints` sets a rewrite; re-observed in
 * PGlite, PostgreSQL 18); an enum, composite, range or base type, or a domain with neither, is added
 * in the catalog only. Which one a name is comes from the CREATE statements the classifier has seen
 * (this migration, the earlier ones of the release, the released ones): a name it has not seen may
 * be such a domain, and is `unknown`.
 */
import type { Constraint, Node } from 'libpg-query';
import type { UserTypeKind } from '../types.js';
import { dottedName, expressionVolatility, nodeOf, stringValue, tableKey } from './ast.js';

/**
 * PostgreSQL's own column types (pg_catalog base, range and multirange types of PostgreSQL 18, as
 * the grammar leaves them when written by name: `integer` already arrives as `pg_catalog.int4`),
 * plus the serial pseudo-types. None is a domain.
 */
const BUILTIN_TYPES = new Set(
  (
    'aclitem bit bool box bpchar bytea char cid cidr circle date datemultirange daterange float4 float8 gtsvector inet int2 int2vector ' +
    'int4 int4multirange int4range int8 int8multirange int8range interval json jsonb jsonpath line lseg macaddr macaddr8 money name numeric ' +
    'nummultirange numrange oid oidvector path pg_lsn pg_snapshot point polygon refcursor regclass regcollation regconfig regdictionary ' +
    'regnamespace regoper regoperator regproc regprocedure regrole regtype text tid time timestamp timestamptz timetz tsmultirange tsquery ' +
    'tsrange tstzmultirange tstzrange tsvector txid_snapshot uuid varbit varchar xid xid8 xml ' +
    'serial serial2 serial4 serial8 smallserial bigserial'
  ).split(' '),
);

/**
 * Base types of common extensions (citext, hstore, ltree, PostGIS, pgvector, cube, isn, seg): not
 * domains, so a column of one is added in the catalog only — unless a migration read created a type
 * of that name itself, which the rule asks first. (earthdistance's `earth` is a domain with a CHECK:
 * not here.)
 */
const EXTENSION_BASE_TYPES = new Set(
  'citext hstore ltree lquery ltxtquery geometry geography box2d box3d raster vector halfvec sparsevec cube seg isbn isbn13 ismn ismn13 issn issn13 ean13 upc'.split(
    ' ',
  ),
);

/** The key a type name is known by: schema-qualified as written, `public.` dropped (as tables: `tableKey`). */
export function typeKey(names: readonly Node[] | undefined): string | undefined {
  const name = dottedName(names);
  return name === undefined ? undefined : tableKey(name);
}

/** PostgreSQL's own type, or a common extension's base type: never a domain. */
export function isBuiltinOrExtensionType(names: readonly Node[] | undefined): boolean {
  const parts = (names ?? []).map(stringValue);
  if (parts.some((part) => part === undefined) || parts.length === 0) return false;
  if (parts.length === 2 && parts[0] === 'pg_catalog') return true;
  const last = parts[parts.length - 1]!;
  if (parts.length === 1 && BUILTIN_TYPES.has(last)) return true;
  // In any schema: extensions often live in their own (Supabase installs them in `extensions`).
  return parts.length <= 2 && EXTENSION_BASE_TYPES.has(last);
}

/** What a domain is for ADD COLUMN, from the constraints of its CREATE DOMAIN. */
export function domainKind(constraints: readonly Node[] | undefined): UserTypeKind {
  for (const node of constraints ?? []) {
    const constraint = nodeOf(node, 'Constraint');
    if (constraint === undefined) return 'rewriting-domain';
    if (constraint.contype === 'CONSTR_NULL') continue;
    if (constraint.contype === 'CONSTR_DEFAULT' && !defaultRewrites(constraint)) continue;
    return 'rewriting-domain';
  }
  return 'domain';
}

/** A domain default is evaluated for every existing row unless it is non-volatile. */
export function defaultRewrites(constraint: Pick<Constraint, 'raw_expr'>): boolean {
  return expressionVolatility(constraint.raw_expr).volatile !== false;
}

/**
 * Text test, before parsing: whether a statement may ADD COLUMN of a type that is not PostgreSQL's
 * own (then the stage reads the released migrations for the types they create). It may say yes too
 * often (only reading costs), never no for such a statement: `ADD [COLUMN] [IF NOT EXISTS] name type`
 * with a type word that is not a built-in name or the first word of one.
 */
export function mayAddColumnOfUserType(sql: string): boolean {
  for (const match of sql.matchAll(ADD_COLUMN)) {
    const column = match[1]!;
    const type = match[2]!;
    if (!column.startsWith('"') && TABLE_CONSTRAINT_WORDS.has(column.toLowerCase())) continue;
    if (
      type.startsWith('"') ||
      !(BUILTIN_TYPES.has(type.toLowerCase()) || BUILTIN_FIRST_WORDS.has(type.toLowerCase()) || EXTENSION_BASE_TYPES.has(type.toLowerCase()))
    )
      return true;
  }
  return false;
}

const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const ADD_COLUMN = new RegExp(String.raw`\badd\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?(${IDENTIFIER})\s+(${IDENTIFIER})`, 'gi');
/** `ADD CONSTRAINT …`, `ADD PRIMARY KEY …`: not a column. */
const TABLE_CONSTRAINT_WORDS = new Set(['constraint', 'primary', 'unique', 'check', 'foreign', 'exclude']);
/** First words of built-in type names the grammar spells out, and of their aliases. */
const BUILTIN_FIRST_WORDS = new Set([
  'integer',
  'int',
  'smallint',
  'bigint',
  'real',
  'double',
  'float',
  'decimal',
  'dec',
  'boolean',
  'character',
  'national',
  'nchar',
  'varying',
  'pg_catalog',
]);
