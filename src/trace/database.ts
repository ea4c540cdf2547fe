/**
 * The PGlite edge: the only module that talks to the embedded PostgreSQL. PGlite (PostgreSQL 18 in
 * WASM) is imported only here, lazily, when a trace runs.
 *
 * Sandbox: the trace sends SQL and nothing else to an in-memory PGlite. It runs no migration code
 * (knex files contribute the statements our extractor produced), and PostgreSQL inside WASM has no
 * sockets, no processes (`COPY … PROGRAM`) and only its own in-memory file system: no network, no
 * working tree, no environment variables reach a migration.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as PgliteModule from '@electric-sql/pglite';
import type { ReplayedSchema } from '../stages/migrations/replayed-schema.js';
import type { UserTypeKind } from '../stages/migrations/types.js';
import type { Snapshot, TableCounters } from './observation.js';
import { tableLabel, type TableShape } from './seed.js';

/** What the trace asks of PGlite. */
export interface Database {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string): Promise<{ rows: T[] }>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Bounded time (issue 28): PGlite runs PostgreSQL in WebAssembly on the thread that calls it, and its
 * `statement_timeout` never fires (no signals in WASM): `DO $$ BEGIN LOOP END LOOP; END $$` or
 * `SELECT pg_sleep(100000)` held the trace forever. So the database runs in a worker thread
 * (pglite-worker.ts) and every call has a deadline: the statement timeout, and what is left of the
 * whole run's. Past it the worker is terminated (that stops even a busy WASM loop), the call fails
 * with a {@link TraceTimeout}, and so does every later call: the trace reports it could not run.
 */
export interface TraceLimits {
  /** Longest one statement (or catalog query) may run, in milliseconds. */
  statementTimeoutMs: number;
  /** When the whole trace must be over (`performance.now()` clock). */
  deadline: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_TRACE_DEADLINE_MS = 600_000;

export class TraceTimeout extends Error {
  override readonly name = 'TraceTimeout';
}

/** A fresh database, or one restored from a dump of its data directory (`dumpDataDir('gzip')`). */
export async function openDatabase(dump?: Blob, limits?: TraceLimits): Promise<Database> {
  const workerFile = fileURLToPath(new URL('./pglite-worker.js', import.meta.url));
  // Under the tests (TypeScript sources) there is no worker file: PGlite then runs on this thread, unbounded.
  if (limits !== undefined && existsSync(workerFile)) return WorkerDatabase.open(workerFile, dump, limits);
  const { PGlite } = await loadPglite();
  return PGlite.create(dump === undefined ? {} : { loadDataDir: dump });
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { message: string; code?: string } };

/** PGlite in a worker thread, each call under the limits. */
class WorkerDatabase implements Database {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private dead: Error | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly limits: TraceLimits,
  ) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.result);
      else waiting?.reject(Object.assign(new Error(reply.error.message), reply.error.code === undefined ? {} : { code: reply.error.code }));
    });
    const fail = (error: Error) => {
      this.dead ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.dead);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the PGlite worker ended')));
  }

  static async open(workerFile: string, dump: Blob | undefined, limits: TraceLimits): Promise<WorkerDatabase> {
    const data = dump === undefined ? undefined : new Uint8Array(await dump.arrayBuffer());
    const database = new WorkerDatabase(new Worker(workerFile, { workerData: { dump: data } }), limits);
    try {
      await database.call('open', 'starting PGlite');
    } catch (error) {
      await database.close();
      // The install hint crosses the thread as text: the same one-line input error as in process.
      if (error instanceof Error && error.message === PGLITE_MISSING) {
        const { InputError } = await import('../core/errors.js');
        throw new InputError(PGLITE_MISSING);
      }
      throw error;
    }
    return database;
  }

  private call(op: 'open' | 'exec' | 'query' | 'dump' | 'close', sql: string): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.next++;
    const budget = Math.max(0, Math.min(this.limits.statementTimeoutMs, this.limits.deadline - performance.now()));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const whole = this.limits.deadline - performance.now() <= this.limits.statementTimeoutMs;
        const excerpt = sql.replace(/\s+/g, ' ').trim().slice(0, 80);
        this.dead = new TraceTimeout(
          whole ? `the trace ran past its deadline (at: ${excerpt})` : `a statement ran longer than ${this.limits.statementTimeoutMs} ms: ${excerpt}`,
        );
        void this.worker.terminate();
        this.pending.delete(id);
        reject(this.dead);
      }, budget);
      timer.unref?.();
      this.pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.worker.postMessage({ id, op, sql });
    });
  }

  /** Why the database stopped answering, when a limit stopped it. */
  get timedOut(): TraceTimeout | undefined {
    return this.dead instanceof TraceTimeout ? this.dead : undefined;
  }

  exec(sql: string): Promise<unknown> {
    return this.call('exec', sql);
  }

  async query<T>(sql: string): Promise<{ rows: T[] }> {
    return (await this.call('query', sql)) as { rows: T[] };
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.call('dump', 'dumping the data directory')) as Uint8Array]);
  }

  async close(): Promise<void> {
    if (!this.dead) await this.call('close', 'closing').catch(() => undefined);
    await this.worker.terminate();
  }
}

/** The limit that stopped a database, when one did. */
export function timeoutOf(db: Database): TraceTimeout | undefined {
  return db instanceof WorkerDatabase ? db.timedOut : undefined;
}

/** How to get PGlite, which the package does not install (27 MB, for `trace` only). */
export const PGLITE_MISSING =
  'trace runs migrations in PGlite (an embedded PostgreSQL, 27 MB), which release-safety does not install by default: npm install @electric-sql/pglite@^0.5 in the same project (npm install -g @electric-sql/pglite@^0.5 beside a global install)';

/** PGlite, or an InputError saying how to install it (an optional peer dependency of the package). */
export async function loadPglite(): Promise<typeof PgliteModule> {
  try {
    return await import('@electric-sql/pglite');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    const { InputError } = await import('../core/errors.js');
    throw new InputError(PGLITE_MISSING);
  }
}

/** The data directory as a gzipped tarball, to cache. */
export async function dumpDatabase(db: Database): Promise<Blob> {
  return db.dumpDataDir('gzip');
}

/** PostgreSQL's error, with its SQLSTATE when it has one. */
export function errorOf(error: unknown): { code?: string; message: string } {
  const code = (error as { code?: unknown }).code;
  return { ...(typeof code === 'string' ? { code } : {}), message: error instanceof Error ? error.message : String(error) };
}

/** SQLSTATE 25001: the statement cannot run inside a transaction block (CREATE INDEX CONCURRENTLY, VACUUM, …). */
export const ACTIVE_SQL_TRANSACTION = '25001';

/** Ordinary tables (plain, partitioned, materialized views) outside the system schemas: oid → name. */
export async function userTables(db: Database): Promise<Map<number, string>> {
  const result = await db.query<{ oid: number; schema: string; name: string }>(
    `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`,
  );
  return new Map(result.rows.map((row) => [row.oid, tableLabel(row)]));
}

/** What the seeder needs to know of every user table. */
export async function tableShapes(db: Database): Promise<Array<TableShape & { oid: number }>> {
  const columns = await db.query<{
    oid: number;
    schema: string;
    table: string;
    name: string;
    type: string;
    category: string;
    is_enum: boolean;
    not_null: boolean;
    has_default: boolean;
    generated: boolean;
    referencing: boolean;
  }>(
    `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
       coalesce(base.typcategory, t.typcategory)::text AS category, t.typtype = 'e' AS is_enum, a.attnotnull AS not_null,
       a.atthasdef AS has_default, (a.attgenerated <> '' OR a.attidentity <> '') AS generated,
       EXISTS (SELECT 1 FROM pg_constraint f WHERE f.conrelid = c.oid AND f.contype = 'f' AND a.attnum = ANY (f.conkey)) AS referencing
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
       JOIN pg_type t ON t.oid = a.atttypid LEFT JOIN pg_type base ON t.typtype = 'd' AND base.oid = t.typbasetype
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
       AND a.attnum > 0 AND NOT a.attisdropped AND NOT c.relispartition
     ORDER BY c.oid, a.attnum`,
  );
  const references = await db.query<{ oid: number; schema: string; name: string }>(
    `SELECT f.conrelid::int AS oid, n.nspname AS schema, p.relname AS name FROM pg_constraint f
       JOIN pg_class p ON p.oid = f.confrelid JOIN pg_namespace n ON n.oid = p.relnamespace WHERE f.contype = 'f'`,
  );
  const shapes = new Map<number, TableShape & { oid: number }>();
  for (const row of columns.rows) {
    const shape = shapes.get(row.oid) ?? { oid: row.oid, schema: row.schema, name: row.table, columns: [], references: [] };
    shape.columns.push({
      name: row.name,
      type: row.type,
      category: row.category,
      isEnum: row.is_enum,
      notNull: row.not_null,
      hasDefault: row.has_default,
      generated: row.generated,
      referencing: row.referencing,
    });
    shapes.set(row.oid, shape);
  }
  for (const row of references.rows) shapes.get(row.oid)?.references.push(`${row.schema}.${row.name}`);
  return [...shapes.values()];
}

/** Rows each table holds (the seeded tables are small). */
export async function rowCounts(db: Database, tables: ReadonlyMap<number, string>): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const oid of tables.keys()) {
    const name = (await db.query<{ name: string }>(`SELECT ${oid}::regclass::text AS name`)).rows[0]!.name;
    counts.set(oid, Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ONLY ${name}`)).rows[0]?.n ?? 0));
  }
  return counts;
}

/** Tables among `oids` that hold no row (read after the counters were taken: this reads the table). */
export async function emptyTables(db: Database, oids: readonly number[]): Promise<Set<number>> {
  const empty = new Set<number>();
  for (const oid of oids) {
    const name = (await db.query<{ name: string }>(`SELECT ${oid}::regclass::text AS name`)).rows[0]!.name;
    if (!(await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT FROM ONLY ${name}) AS any`)).rows[0]?.any) empty.add(oid);
  }
  return empty;
}

/**
 * The catalog around a statement. `scope` `transaction` reads the transaction's own counters
 * (`pg_stat_xact_user_tables`); `committed` flushes and reads the cumulative ones, for a statement
 * that ran outside a transaction.
 */
export async function snapshot(db: Database, tables: ReadonlyMap<number, string>, scope: 'transaction' | 'committed'): Promise<Snapshot> {
  const oids = `ARRAY[${[...tables.keys()].join(',')}]::oid[]`;
  if (scope === 'committed') {
    await db.query('SELECT pg_stat_force_next_flush()');
    await db.query('SELECT pg_stat_clear_snapshot()');
  }
  const view = scope === 'transaction' ? 'pg_stat_xact_user_tables' : 'pg_stat_user_tables';
  const [files, stats, locks, timeout] = await Promise.all([
    db.query<{ oid: number; node: number }>(`SELECT oid::int AS oid, relfilenode::int AS node FROM pg_class WHERE oid = ANY (${oids})`),
    db.query<{ oid: number; seq: number; changed: number }>(
      `SELECT relid::int AS oid, coalesce(seq_scan, 0)::int AS seq, (n_tup_upd + n_tup_del)::int AS changed FROM ${view} WHERE relid = ANY (${oids})`,
    ),
    db.query<{ oid: number; mode: string }>(
      `SELECT relation::int AS oid, mode FROM pg_locks WHERE locktype = 'relation' AND pid = pg_backend_pid() AND granted AND relation = ANY (${oids})`,
    ),
    db.query<{ ms: string }>(`SELECT setting AS ms FROM pg_settings WHERE name = 'lock_timeout'`),
  ]);
  const counters = new Map<number, TableCounters>(stats.rows.map((row) => [row.oid, { seqScan: Number(row.seq), rowsChanged: Number(row.changed) }]));
  const lockModes = new Map<number, Set<string>>();
  for (const row of locks.rows) lockModes.set(row.oid, (lockModes.get(row.oid) ?? new Set()).add(row.mode));
  return { relfilenodes: new Map(files.rows.map((row) => [row.oid, row.node])), counters, locks: lockModes, lockTimeoutMs: Number(timeout.rows[0]?.ms ?? 0) };
}

/** Schemas the catalog queries leave out: PostgreSQL's own. */
const USER_SCHEMA = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`;

/** `CHECK ((column IS NOT NULL))` as `pg_get_constraintdef` writes it → the column. */
const NOT_NULL_CHECK = /^CHECK \(\((?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_$]*)) IS NOT NULL\)\)$/;

/**
 * What the classifier may know of the replayed schema, read from the catalog: column types as
 * PostgreSQL writes them (the internal single-byte `"char"` left out: its name reads as `char(1)`),
 * every relation, validated NOT NULL checks, and the leading column of each valid, non-partial btree
 * or hash index (what makes `WHERE column = value` an index lookup).
 */
export async function replayedSchemaOf(db: Database): Promise<ReplayedSchema> {
  const [columns, relations, checks, indexes, types, rechecked] = await Promise.all([
    db.query<{ schema: string; name: string; column: string; type: string }>(
      `SELECT n.nspname AS schema, c.relname AS name, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND ${USER_SCHEMA} AND a.attnum > 0 AND NOT a.attisdropped AND a.atttypid <> '"char"'::regtype
       ORDER BY 1, 2, a.attnum`,
    ),
    db.query<{ schema: string; name: string; kind: string }>(
      `SELECT n.nspname AS schema, c.relname AS name, c.relkind::text AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMA} ORDER BY 1, 2`,
    ),
    db.query<{ schema: string; name: string; constraint: string; definition: string }>(
      `SELECT n.nspname AS schema, c.relname AS name, con.conname AS constraint, pg_get_constraintdef(con.oid) AS definition
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE con.contype = 'c' AND con.convalidated AND ${USER_SCHEMA}`,
    ),
    db.query<{ schema: string; name: string; column: string }>(
      `SELECT n.nspname AS schema, c.relname AS name, a.attname AS column
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
       WHERE i.indisvalid AND i.indpred IS NULL AND am.amname IN ('btree', 'hash') AND ${USER_SCHEMA}`,
    ),
    // Every type a column can have (array types aside): a domain with a constraint or a default rewrites on ADD COLUMN.
    db.query<{ oid: number; schema: string; name: string; kind: string; rewrites: boolean; base: number }>(
      `SELECT t.oid::int AS oid, n.nspname AS schema, t.typname AS name, t.typtype::text AS kind, t.typbasetype::int AS base,
         (t.typtype = 'd' AND (t.typnotnull OR t.typdefault IS NOT NULL OR EXISTS (SELECT 1 FROM pg_constraint con WHERE con.contypid = t.oid))) AS rewrites
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE t.typtype IN ('b', 'c', 'd', 'e', 'm', 'r') AND t.typcategory <> 'A' AND ${USER_SCHEMA}`,
    ),
    // Columns a type change re-checks: every column an index with an expression, a predicate or another
    // access method than btree/hash depends on, and every column a CHECK or EXCLUDE constraint reads.
    db.query<{ schema: string; name: string; column: string }>(
      `SELECT n.nspname AS schema, c.relname AS name, a.attname AS column
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
         JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = i.indexrelid AND d.refclassid = 'pg_class'::regclass AND d.refobjid = c.oid AND d.refobjsubid > 0
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.refobjsubid
       WHERE (i.indexprs IS NOT NULL OR i.indpred IS NOT NULL OR am.amname NOT IN ('btree', 'hash')) AND ${USER_SCHEMA}
       UNION
       SELECT n.nspname, c.relname, a.attname
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (con.conkey)
       WHERE con.contype IN ('c', 'x') AND ${USER_SCHEMA}`,
    ),
  ]);
  const columnTypes: Record<string, string> = {};
  for (const row of columns.rows) columnTypes[`${tableLabel(row)}.${row.column}`] = row.type;
  const notNullChecks: Record<string, string> = {};
  for (const row of checks.rows) {
    const match = NOT_NULL_CHECK.exec(row.definition);
    if (match) notNullChecks[`${tableLabel(row)}.${row.constraint}`] = match[1]?.replace(/""/g, '"') ?? match[2]!;
  }
  const indexedColumns: Record<string, string[]> = {};
  for (const row of relations.rows) if (row.kind === 'r' || row.kind === 'p') indexedColumns[tableLabel(row)] = [];
  for (const row of indexes.rows) indexedColumns[tableLabel(row)]?.push(row.column);
  for (const table of Object.keys(indexedColumns)) indexedColumns[table] = [...new Set(indexedColumns[table])].sort();
  const recheckedColumns: Record<string, string[]> = Object.fromEntries(Object.keys(indexedColumns).map((table) => [table, []]));
  for (const row of rechecked.rows) recheckedColumns[tableLabel(row)]?.push(row.column);
  for (const table of Object.keys(recheckedColumns)) recheckedColumns[table] = [...new Set(recheckedColumns[table])].sort();
  const userTypes: Record<string, UserTypeKind> = {};
  // A domain over a domain has its base's constraints too (PostgreSQL's DomainHasConstraints walks the chain).
  const byOid = new Map(types.rows.map((row) => [row.oid, row]));
  const rewrites = (row: (typeof types.rows)[number]): boolean => {
    for (let at: typeof row | undefined = row, depth = 0; at !== undefined && at.kind === 'd' && depth < 32; at = byOid.get(at.base), depth++)
      if (at.rewrites) return true;
    return false;
  };
  for (const row of types.rows) userTypes[tableLabel(row)] = row.kind !== 'd' ? 'type' : rewrites(row) ? 'rewriting-domain' : 'domain';
  return { columnTypes, tables: [...new Set(relations.rows.map(tableLabel))], notNullChecks, indexedColumns, recheckedColumns, userTypes };
}
