/**
 * Rows for the tables a release touches, so that PostgreSQL behaves as on a populated database: a
 * NOT NULL column without a default fails, a validation or an index build reads rows. Pure: the
 * catalog shape goes in, SQL comes out (database.ts runs it).
 *
 * Every value is a function of the row number `g` and the column's type only, so a foreign key column
 * gets the same values as the key it references (both `g` → same value) and unique columns stay unique.
 */

export interface ColumnShape {
  name: string;
  /** `format_type()` of the column: `character varying(255)`, `integer`, `status_kind`. */
  type: string;
  /** `pg_type.typcategory` of the column's type (of its base type, for a domain). */
  category: string;
  /** The column's type is an enum. */
  isEnum: boolean;
  notNull: boolean;
  hasDefault: boolean;
  /** GENERATED … STORED or an identity: PostgreSQL fills it. */
  generated: boolean;
  /** Part of a foreign key. */
  referencing: boolean;
}

export interface TableShape {
  schema: string;
  name: string;
  columns: ColumnShape[];
  /** Tables (`schema.name`) its foreign keys reference. */
  references: string[];
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const qualifiedName = (table: { schema: string; name: string }): string => `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
export const tableLabel = (table: { schema: string; name: string }): string => (table.schema === 'public' ? table.name : `${table.schema}.${table.name}`);

/** A value for row `g` of a column of this type; undefined when there is no generic one (the column is then left to its default or NULL). */
export function valueFor(column: ColumnShape): string | undefined {
  const type = column.type;
  if (column.isEnum) return `(enum_range(NULL::${type}))[1 + (g % array_length(enum_range(NULL::${type}), 1))]`;
  if (type.endsWith('[]')) return `'{}'::${type}`;
  if (type === 'uuid') return 'md5(g::text)::uuid';
  if (type === 'json' || type === 'jsonb') return `json_build_object('n', g)::${type}`;
  if (type === 'bytea') return "decode(md5(g::text), 'hex')";
  if (type === 'money') return 'g::numeric::money';
  switch (column.category) {
    case 'N':
      return `g::${type}`;
    case 'B':
      return 'g % 2 = 0';
    case 'S':
      return `('v' || g)::${type}`;
    case 'D':
      return `(timestamp '2000-01-01' + g * interval '1 day')::${type}`;
    case 'T':
      return `(g * interval '1 minute')::${type}`;
    case 'I':
      return `('10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256)::${type}`;
    case 'V':
      return `g::bit(32)::${type}`;
    default:
      return undefined;
  }
}

/**
 * The INSERT that fills `table` with `rows` rows. `requiredOnly` leaves nullable columns NULL (the
 * second attempt, when a CHECK rejected the first one's values).
 */
export function seedStatement(table: TableShape, rows: number, requiredOnly = false): string {
  const filled = table.columns.filter(
    (column) => !column.generated && !column.hasDefault && (column.notNull || (!requiredOnly && !(column.referencing && !column.notNull))),
  );
  const values = filled
    .map((column) => ({ column, value: valueFor(column) ?? (column.notNull ? `NULL::${column.type}` : undefined) }))
    .filter((entry) => entry.value !== undefined);
  const target = values.length === 0 ? '' : ` (${values.map((entry) => quoteIdent(entry.column.name)).join(', ')})`;
  return `INSERT INTO ${qualifiedName(table)}${target} SELECT ${values.map((entry) => entry.value).join(', ')} FROM generate_series(1, ${rows}) AS g`;
}

/** Tables in an order that inserts referenced tables first (a cycle keeps the input order for its members). */
export function seedOrder(tables: readonly TableShape[]): TableShape[] {
  const byKey = new Map(tables.map((table) => [`${table.schema}.${table.name}`, table]));
  const ordered: TableShape[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (key: string) => {
    const table = byKey.get(key);
    if (table === undefined || state.has(key)) return;
    state.set(key, 'visiting');
    for (const parent of table.references) if (parent !== key) visit(parent);
    state.set(key, 'done');
    ordered.push(table);
  };
  for (const key of byKey.keys()) visit(key);
  return ordered;
}

/** The touched tables and every table they reference, transitively (a foreign key needs its rows). */
export function withReferencedTables(all: readonly TableShape[], touched: ReadonlySet<string>): TableShape[] {
  const byKey = new Map(all.map((table) => [`${table.schema}.${table.name}`, table]));
  const chosen = new Set<string>();
  const add = (key: string) => {
    if (chosen.has(key) || !byKey.has(key)) return;
    chosen.add(key);
    for (const parent of byKey.get(key)!.references) add(parent);
  };
  for (const table of all) {
    const key = `${table.schema}.${table.name}`;
    if (touched.has(key) || touched.has(table.name) || (table.schema === 'public' && touched.has(`public.${table.name}`))) add(key);
  }
  return all.filter((table) => chosen.has(`${table.schema}.${table.name}`));
}
