/**
 * The three things the trace does in PGlite: rebuild the `from` schema, seed the tables the release
 * touches, and run each added migration statement by statement while watching the catalog.
 */
import { nodeOf } from '../stages/migrations/rules/ast.js';
import { parseStatements } from '../stages/migrations/sql.js';
import { UNRESOLVED_PLACEHOLDER, type ExtractedMigration } from '../stages/migrations/types.js';
import { ACTIVE_SQL_TRANSACTION, emptyTables, errorOf, rowCounts, snapshot, tableShapes, userTables, type Database } from './database.js';
import { newRelfilenodes, observeStatement, type ObservationContext } from './observation.js';
import { qualifiedName, seedOrder, seedStatement, tableLabel, withReferencedTables } from './seed.js';
import type { MigrationObservation, ReplaySummary, SeedResult, StatementObservation } from './types.js';

interface RunnableStatement {
  sql: string;
  line: number;
  /** The file's own BEGIN/COMMIT/…: the trace manages the transaction itself. */
  transactionControl: boolean;
}

/** The statements of an extracted migration one by one; what cannot be run is said in `incomplete`. */
export function runnableStatements(migration: ExtractedMigration): { statements: RunnableStatement[]; incomplete: string[] } {
  const statements: RunnableStatement[] = [];
  const incomplete = migration.unresolved.map((part) => `line ${part.line}: ${part.reason}`);
  for (const extracted of migration.statements) {
    if (extracted.sql.includes(UNRESOLVED_PLACEHOLDER)) {
      incomplete.push(`line ${extracted.line}: a value the extractor could not resolve`);
      continue;
    }
    if (extracted.guarded === true) incomplete.push(`line ${extracted.line}: runs only behind a hasTable/hasColumn guard`);
    try {
      for (const parsed of parseStatements(extracted.sql, extracted.line)) {
        statements.push({ sql: parsed.sql, line: parsed.line, transactionControl: nodeOf(parsed.node, 'TransactionStmt') !== undefined });
      }
    } catch (error) {
      incomplete.push(`line ${extracted.line}: ${errorOf(error).message}`);
    }
  }
  return { statements, incomplete };
}

/** Runs the migrations of `from` in order, each statement on its own; failures are collected, not fatal. */
export async function replayMigrations(
  db: Database,
  migrations: ReadonlyArray<{ file: string; migration?: ExtractedMigration; error?: string }>,
): Promise<ReplaySummary> {
  const summary: ReplaySummary = { files: migrations.length, statements: 0, failures: [] };
  for (const { file, migration, error } of migrations) {
    if (migration === undefined) {
      summary.failures.push({ file, line: 1, statement: '', error: `not extracted: ${error ?? 'unknown error'}` });
      continue;
    }
    const { statements, incomplete } = runnableStatements(migration);
    for (const reason of incomplete) summary.failures.push({ file, line: 1, statement: '', error: reason });
    for (const statement of statements) {
      summary.statements++;
      try {
        await db.exec(statement.sql);
      } catch (failure) {
        summary.failures.push({ file, line: statement.line, statement: statement.sql.slice(0, 200), error: errorOf(failure).message });
        // A failure inside the file's own transaction aborts it, as it would in production.
        await db.exec('ROLLBACK').catch(() => undefined);
      }
    }
    await db.exec('RESET ALL');
  }
  return summary;
}

/** Fills the touched tables (and the tables they reference) with `rows` rows each; a failure is reported, not fatal. */
export async function seedTables(db: Database, touched: ReadonlySet<string>, rows: number): Promise<SeedResult[]> {
  const results: SeedResult[] = [];
  if (rows <= 0) return results;
  for (const table of seedOrder(withReferencedTables(await tableShapes(db), touched))) {
    let error: string | undefined;
    for (const requiredOnly of [false, true]) {
      try {
        await db.exec(seedStatement(table, rows, requiredOnly));
        error = undefined;
        break;
      } catch (failure) {
        error = errorOf(failure).message;
      }
    }
    if (error === undefined) await db.exec(`ANALYZE ${qualifiedName(table)}`);
    results.push({ table: tableLabel(table), rows: error === undefined ? rows : 0, ...(error === undefined ? {} : { error }) });
  }
  return results;
}

/** What the database holds before the first added migration: its tables and their rows. */
export async function observationBaseline(db: Database): Promise<Omit<ObservationContext, 'emptied'>> {
  const tables = await userTables(db);
  return { tables, rows: await rowCounts(db, tables) };
}

async function runOne(
  db: Database,
  statement: RunnableStatement,
  baseline: Omit<ObservationContext, 'emptied'>,
  scope: 'transaction' | 'committed',
): Promise<StatementObservation | { failure: { code?: string; message: string } }> {
  const before = await snapshot(db, baseline.tables, scope);
  try {
    await db.exec(statement.sql);
  } catch (failure) {
    return { failure: errorOf(failure) };
  }
  const after = await snapshot(db, baseline.tables, scope);
  const emptied = await emptyTables(db, newRelfilenodes(before, after));
  return observeStatement(statement, before, after, { ...baseline, emptied }, scope === 'transaction');
}

/** Where each lock of the open transaction was taken: `table mode` → line of the statement that took it first. */
function lockOrigins(baseline: Omit<ObservationContext, 'emptied'>) {
  const names = new Map([...baseline.tables].map(([oid, name]) => [name, oid]));
  const takenAt = new Map<string, number>();
  return {
    record(observation: StatementObservation): void {
      for (const lock of observation.locks) {
        const key = `${names.get(lock.table) ?? lock.table} ${lock.mode}`;
        if (!takenAt.has(key)) takenAt.set(key, observation.line);
      }
    },
    /** A new transaction: its locks start again. */
    clear: () => takenAt.clear(),
    lookup: (oid: number, mode: string) => takenAt.get(`${oid} ${mode}`),
  };
}

const failed = (statement: RunnableStatement, error: string): StatementObservation => ({
  line: statement.line,
  sql: statement.sql,
  ran: 'failed',
  error,
  locks: [],
  rewrites: [],
  scans: [],
  flags: {},
});

/**
 * Runs one added migration in a transaction, statement by statement, each behind a savepoint so that
 * a failure is recorded and the rest still runs. A statement that cannot run in a transaction
 * (SQLSTATE 25001) runs on its own between two transactions, and says so.
 */
export async function observeMigration(
  db: Database,
  file: string,
  migration: ExtractedMigration,
  baseline: Omit<ObservationContext, 'emptied'>,
): Promise<MigrationObservation> {
  const { statements, incomplete } = runnableStatements(migration);
  const observed: StatementObservation[] = [];
  const origins = lockOrigins(baseline);
  const context = { ...baseline, lockTakenAt: origins.lookup };
  await db.exec('BEGIN');
  for (const statement of statements) {
    if (statement.transactionControl) {
      observed.push({
        line: statement.line,
        sql: statement.sql,
        ran: 'skipped',
        locks: [],
        rewrites: [],
        scans: [],
        flags: { locksTable: false, rewritesTable: false, scansTable: false },
      });
      continue;
    }
    await db.exec('SAVEPOINT trace_statement');
    const inside = await runOne(db, statement, context, 'transaction');
    if (!('failure' in inside)) {
      await db.exec('RELEASE SAVEPOINT trace_statement');
      observed.push(inside);
      origins.record(inside);
      // Outside a transaction (knex `config.transaction = false`) each statement commits on its own.
      if (!migration.inTransaction) {
        await db.exec('COMMIT; BEGIN');
        origins.clear();
      }
      continue;
    }
    await db.exec('ROLLBACK TO SAVEPOINT trace_statement');
    if (inside.failure.code !== ACTIVE_SQL_TRANSACTION) {
      observed.push(failed(statement, inside.failure.message));
      continue;
    }
    // The migration's tool would send it inside its transaction, where PostgreSQL refuses it.
    if (migration.inTransaction)
      incomplete.push(`line ${statement.line}: PostgreSQL refuses it inside the transaction the migration runs in; the trace ran it on its own`);
    await db.exec('COMMIT');
    origins.clear();
    const outside = await runOne(db, statement, context, 'committed');
    observed.push('failure' in outside ? failed(statement, outside.failure.message) : outside);
    await db.exec('BEGIN');
  }
  try {
    await db.exec('COMMIT');
  } catch (failure) {
    incomplete.push(`the transaction failed at COMMIT: ${errorOf(failure).message}`);
    await db.exec('ROLLBACK').catch(() => undefined);
  }
  await db.exec('RESET ALL');
  return { file, statements: observed, incomplete };
}
