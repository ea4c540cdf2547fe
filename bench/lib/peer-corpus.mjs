/**
 * The peer-migrations corpus (test/fixtures/peer-migrations): building the manifest from the
 * hand-written peer cases, observing each case in PGlite (real PostgreSQL) and scoring the static
 * classifier against the expectations. Shared by bench/heavy-recall.mjs (against dist/) and
 * test/peer-migrations/heavy-recall.test.ts (against src/): the classifier is passed in.
 */
import { BASE_SCHEMA, SEED } from '../../test/fixtures/peer-migrations/cases/schema.mjs';
import { SQUAWK } from '../../test/fixtures/peer-migrations/cases/squawk.mjs';
import { EUGENE } from '../../test/fixtures/peer-migrations/cases/eugene.mjs';
import { STRONG_MIGRATIONS } from '../../test/fixtures/peer-migrations/cases/strong-migrations.mjs';

export const MANIFEST_PATH = 'test/fixtures/peer-migrations/manifest.json';
const TIMEOUT_PREFIX = "SET lock_timeout = '2s';\n";
/** Above this a lock_timeout does not bound a wait (src/stages/migrations/migration-state.ts, LOCK_TIMEOUT_CEILING_MS). */
const LOCK_TIMEOUT_CEILING_MS = 10_000;

/** Rule families for the README table: the operation the peer rule is about. */
const FAMILIES = [
  ['volatile vs constant default', /default|json|add_column$|add-column|adding-required|E3|W12|change_table_bulk|serial|generated|E11|auto_incr/i],
  ['foreign key', /foreign|reference|E15/i],
  ['check / validate', /check|not-valid|E1$/i],
  ['SET NOT NULL', /not-null|not-nullable|column_null|E2$/i],
  ['type change', /type|change_column|E5$|E10/i],
  ['index', /index|reindex|E6$/i],
  ['unique / primary / exclusion', /unique|primary|exclusion|E7|E8|W14/i],
  ['backfill and data', /backfill|create_table_as|E4$/i],
  ['rewrite maintenance', /^execute$|generated-expression|alter-domain/i],
  ['lock_timeout', /timeout|E9/i],
];

function family(rule) {
  return FAMILIES.find(([, pattern]) => pattern.test(rule))?.[0] ?? 'catalog-only DDL';
}

function expectedFromLetters(letters) {
  const locksObserved = letters.includes('l');
  const locksRuleFact = letters.includes('b');
  const expected = {
    locksTable: locksObserved || locksRuleFact,
    rewritesTable: letters.includes('r'),
    scansTable: letters.includes('s'),
    locksBasis: locksObserved ? 'observed' : locksRuleFact ? 'rule-fact' : 'none',
  };
  return { ...expected, heavy: expected.locksTable || expected.rewritesTable || expected.scansTable };
}

/**
 * Every case of the manifest: each peer case as written ("as-is"); when its only lock finding is a
 * brief lock with no lock_timeout, again with a lock_timeout first ("timeout": the rule fact goes);
 * and, for the first heavy case of each peer and rule family, again with the schema created by the
 * migration itself ("new-table": tables created in the same migration are empty, nothing is heavy).
 */
export function buildManifest() {
  const peers = [
    ['squawk', 'sbdchd/squawk crates/squawk_linter/src/rules', SQUAWK],
    ['eugene', 'kaaveland/eugene eugene/examples', EUGENE],
    ['strong_migrations', 'ankane/strong_migrations test/', STRONG_MIGRATIONS],
  ];
  const cases = [];
  const newTableFamilies = new Set();
  for (const [peer, source, list] of peers) {
    for (const item of list) {
      const base = {
        peer,
        rule: item.rule,
        family: family(item.rule),
        source,
        schema: 'base',
        setup: item.setup ?? '',
        sql: item.sql,
        inTransaction: item.tx !== false,
      };
      const expected = expectedFromLetters(item.x);
      cases.push({ id: `${peer}/${item.id}`, variant: 'as-is', ...base, expected });
      if (item.x.includes('b') && !item.x.includes('l') && !/lock_timeout/i.test(item.sql)) {
        cases.push({ id: `${peer}/${item.id}@timeout`, variant: 'timeout', ...base, sql: TIMEOUT_PREFIX + item.sql, expected: expectedFromLetters(item.x.replace('b', '')) });
      }
      const familyKey = `${peer}:${base.family}`;
      if (item.x !== '' && base.inTransaction && !/concurrently/i.test(item.sql) && !newTableFamilies.has(familyKey)) {
        newTableFamilies.add(familyKey);
        const created = [BASE_SCHEMA, base.setup].filter(Boolean).join('\n');
        cases.push({ id: `${peer}/${item.id}@new-table`, variant: 'new-table', ...base, schema: 'none', setup: '', sql: `${created}\n${item.sql}`, expected: expectedFromLetters('') });
      }
    }
  }
  return { schema: { base: BASE_SCHEMA }, seed: SEED, cases };
}

// ---------------------------------------------------------------------------------------------
// Observation in PGlite

const LOCK_RANK = { AccessShareLock: 1, RowShareLock: 1, RowExclusiveLock: 2, ShareUpdateExclusiveLock: 3, ShareLock: 4, ShareRowExclusiveLock: 5, ExclusiveLock: 6, AccessExclusiveLock: 7 };
const SHARE_RANK = LOCK_RANK.ShareLock;
const UNIT_MS = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

function timeoutMs(text) {
  const match = /^(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?$/.exec(String(text).trim());
  return match === null ? 0 : Number(match[1]) * UNIT_MS[match[2] ?? 'ms'];
}

const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|end|rollback|abort)\b/i;
/** Statements PostgreSQL refuses inside a transaction block. */
const NO_TRANSACTION = /\bconcurrently\b|^\s*vacuum\b|^\s*alter\s+type\b[\s\S]*\badd\s+value\b/i;
/** Locks of statements that cannot run in a transaction block (not visible in pg_locks afterwards): documented modes. */
const DOCUMENTED_LOCK = [[/^\s*vacuum\s+(\(\s*)?full\b(?!\s+(false|off|0)\b)/i, 'AccessExclusiveLock']];

/**
 * Observes cases in `db` (one PGlite shared by all of them). A case in a transaction runs in
 * BEGIN … ROLLBACK on a schema prepared once per distinct setup (DDL is transactional, so the next
 * case finds it unchanged); a case outside a transaction gets a fresh schema, dropped afterwards.
 * Every pre-existing table (and partitioned parent, materialized view) is watched:
 * - rewrite: a new `pg_class.relfilenode` holding data, or every row updated/deleted;
 * - scan: `seq_scan` went up, unless the statement emptied the table (a rewrite also reads every row);
 * - lock: the modes this session holds in `pg_locks` after each statement (inside its transaction).
 * `locksTable` is observed when a write-blocking lock (SHARE or stronger) on an existing table is
 * held while a statement scans or rewrites; it is a rule fact when such a lock is newly taken with
 * no bounded `lock_timeout` in force (the wait itself cannot be observed in one session).
 */
export function createObserver(db, manifest, split) {
  const prepared = new Map();
  let schemas = 0;

  async function prepare(testCase) {
    const name = `peer_case_${schemas++}`;
    await db.exec(`CREATE SCHEMA ${name}; SET search_path TO ${name}, public;`);
    if (testCase.schema === 'base') await db.exec(`${manifest.schema.base}\n${testCase.setup}\n${manifest.seed}`);
    else if (testCase.setup) await db.exec(testCase.setup);
    // ANALYZE only this case's tables (a database-wide ANALYZE costs half a second): narrow WHEREs then use the primary key.
    const names = (await db.query(`SELECT relname FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'm')`, [name])).rows;
    if (names.length > 0) await db.exec(`ANALYZE ${names.map((row) => `"${row.relname}"`).join(', ')}`);
    const tables = (await db.query(`SELECT oid::int AS oid, reltuples::float8 AS rows FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'p', 'm')`, [name])).rows;
    await db.exec('RESET ALL');
    return { name, oids: tables.map((table) => table.oid), rowsOf: new Map(tables.map((table) => [table.oid, table.rows])) };
  }

  async function observe(testCase) {
    const key = `${testCase.schema}\n${testCase.setup}`;
    const shared = testCase.inTransaction;
    let schema = shared ? prepared.get(key) : undefined;
    if (schema === undefined) {
      schema = await prepare(testCase);
      if (shared) prepared.set(key, schema);
    }
    const { oids, rowsOf } = schema;
    await db.exec(`SET search_path TO ${schema.name}, public; SET stats_fetch_consistency = none;`);
    const result = { locksTable: false, rewritesTable: false, scansTable: false, locksBasis: 'none', statements: 0 };
    let open = false;
    const read = async () => {
      if (oids.length === 0) return { tables: new Map(), locks: new Map(), lockTimeout: 0 };
      if (!open) await db.query('SELECT pg_stat_force_next_flush()');
      // One round trip: per table its file, size and counters (flushed + pending), the locks held, the lock_timeout.
      const [row] = (
        await db.query(
          `SELECT (SELECT json_agg(json_build_object('oid', c.oid::int, 'file', c.relfilenode::int, 'size', pg_relation_size(c.oid)::float8,
                     'seq', coalesce(s.seq_scan, 0) + coalesce(x.seq_scan, 0), 'changed', coalesce(s.n_tup_upd + s.n_tup_del, 0) + coalesce(x.n_tup_upd + x.n_tup_del, 0)))
                   FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid LEFT JOIN pg_stat_xact_user_tables x ON x.relid = c.oid
                   WHERE c.oid = ANY($1::oid[])) AS stats,
                  (SELECT json_agg(json_build_object('oid', relation::int, 'mode', mode)) FROM pg_locks
                   WHERE pid = pg_backend_pid() AND locktype = 'relation' AND granted AND relation = ANY($1::oid[])) AS locks,
                  current_setting('lock_timeout') AS timeout`,
          [oids],
        )
      ).rows;
      const held = new Map();
      for (const lock of row.locks ?? []) held.set(lock.oid, Math.max(held.get(lock.oid) ?? 0, LOCK_RANK[lock.mode] ?? 0));
      return { tables: new Map((row.stats ?? []).map((table) => [table.oid, table])), locks: held, lockTimeout: timeoutMs(row.timeout) };
    };
    try {
      if (testCase.inTransaction) {
        await db.exec('BEGIN');
        open = true;
      }
      for (const statement of split(testCase.sql)) {
        result.statements += 1;
        const sql = statement.sql;
        const wrap = !open && !BEGINS.test(sql) && !ENDS.test(sql) && !NO_TRANSACTION.test(sql);
        if (wrap) {
          await db.exec('BEGIN');
          open = true;
        }
        const before = await read();
        await db.exec(sql);
        if (BEGINS.test(sql)) open = true;
        if (ENDS.test(sql)) open = false;
        const after = await read();
        let rewrote = false;
        let scanned = false;
        for (const [oid, now] of after.tables) {
          const was = before.tables.get(oid);
          if (was === undefined) continue;
          const rows = rowsOf.get(oid) ?? 0;
          const emptied = now.file !== was.file && now.size === 0;
          if ((now.file !== was.file && now.size > 0) || (rows > 0 && Number(now.changed) - Number(was.changed) >= rows)) rewrote = true;
          // A scan of storage the statement itself emptied (TRUNCATE … CASCADE checks it) reads nothing.
          if (Number(now.seq) > Number(was.seq) && !emptied) scanned = true;
        }
        scanned ||= rewrote;
        // VACUUM reads every page that is not all-visible (all of a freshly seeded table) without counting a seq_scan.
        if (/^\s*vacuum\b/i.test(sql) && !/^\s*vacuum\s+(\(\s*)?analyze\s*\)?\s/i.test(sql)) scanned = true;
        const documented = !open ? DOCUMENTED_LOCK.find(([pattern]) => pattern.test(sql))?.[1] : undefined;
        const heldStrong = [...after.locks.values()].some((rank) => rank >= SHARE_RANK) || (documented !== undefined && LOCK_RANK[documented] >= SHARE_RANK);
        const newStrong = [...after.locks].some(([oid, rank]) => rank >= SHARE_RANK && rank > (before.locks.get(oid) ?? 0)) || documented !== undefined;
        const bounded = after.lockTimeout > 0 && after.lockTimeout <= LOCK_TIMEOUT_CEILING_MS;
        result.rewritesTable ||= rewrote;
        result.scansTable ||= scanned;
        if (heldStrong && (scanned || rewrote)) {
          result.locksTable = true;
          result.locksBasis = 'observed';
        } else if (newStrong && !bounded && result.locksBasis === 'none') {
          result.locksTable = true;
          result.locksBasis = 'rule-fact';
        }
        if (wrap) {
          await db.exec('COMMIT');
          open = false;
        }
      }
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
    } finally {
      if (open) await db.exec('ROLLBACK');
      await db.exec('RESET ALL');
      if (!shared) await db.exec(`DROP SCHEMA ${schema.name} CASCADE; DROP SCHEMA IF EXISTS archive CASCADE;`);
    }
    result.heavy = result.locksTable || result.rewritesTable || result.scansTable;
    return result;
  }

  return { observe };
}

// ---------------------------------------------------------------------------------------------
// Static classification and scoring

const FLAGS = ['locksTable', 'rewritesTable', 'scansTable'];

/**
 * The static classifier's verdict, as the migrations stage runs it: the released migrations (the
 * case's schema and setup, classified first and folded like the stage does) give column types,
 * the tables that exist, validated NOT NULL checks and the indexed columns.
 * `lib`: { classifyMigration } (classify.js) and { foldReleasedMigration, schemaOptions } (stage.js).
 */
export function classifyCase(testCase, manifest, lib, postgresVersion = 16) {
  const fileOf = (sql, inTransaction) => ({ file: 'migration.sql', statements: [{ sql, line: 1, origin: 'sql-file' }], unresolved: [], inTransaction });
  // The released schema exactly as `lint-migrations --schema <file.sql>` folds one (src/diff/lint-migrations.ts
  // foldReleasedInputs): released-schema.ts's empty schema, the schema file classified and folded as one
  // released migration; tables are proven absent only when it was read completely.
  const schema = { columnTypes: new Map(), tables: new Set(), tablesComplete: true, notNullChecks: new Map(), indexedColumns: new Map(), recheckedColumns: new Map(), userTypes: new Map(), functions: new Map(), disabledTriggers: new Set(), triggerStatesKnown: true };
  if (testCase.schema === 'base' && lib.foldReleasedMigration !== undefined) {
    const releasedFile = fileOf(`${manifest.schema.base}\n${testCase.setup}`, true);
    const released = lib.classifyMigration(releasedFile, { postgresVersion, existingTables: new Set() }, lib.schemaOptions(schema));
    lib.foldReleasedMigration(schema, released);
    schema.tablesComplete &&= releasedFile.unresolved.length === 0;
  }
  const options = lib.foldReleasedMigration === undefined ? {} : lib.schemaOptions(schema);
  const context = lib.foldReleasedMigration === undefined ? { postgresVersion } : { postgresVersion, newTables: new Set(), ...(schema.tablesComplete ? { existingTables: schema.tables } : {}) };
  const classified = lib.classifyMigration(fileOf(testCase.sql, testCase.inTransaction), context, options);
  const heaviness = classified.heaviness;
  const verdict = FLAGS.some((flag) => heaviness[flag] === true) ? 'heavy' : FLAGS.some((flag) => heaviness[flag] === 'unknown') ? 'unknown' : 'light';
  return { ...heaviness, verdict, rules: [...new Set(classified.findings.map((finding) => finding.rule))].sort() };
}

const percent = (part, whole) => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);

/** Recall and false-heavy rate of the static verdicts against the expected heaviness. */
export function score(cases, verdicts) {
  const heavy = cases.filter((testCase) => testCase.expected.heavy);
  const light = cases.filter((testCase) => !testCase.expected.heavy);
  const verdictOf = (testCase) => verdicts.get(testCase.id).verdict;
  const strict = heavy.filter((testCase) => verdictOf(testCase) === 'heavy').length;
  const loose = heavy.filter((testCase) => verdictOf(testCase) !== 'light').length;
  const falseHeavy = light.filter((testCase) => verdictOf(testCase) === 'heavy').length;
  const lightUnknown = light.filter((testCase) => verdictOf(testCase) === 'unknown').length;
  const missed = heavy.filter((testCase) => verdictOf(testCase) !== 'heavy').map((testCase) => testCase.id);
  const claimed = light.filter((testCase) => verdictOf(testCase) === 'heavy').map((testCase) => testCase.id);
  return {
    cases: cases.length,
    heavy: heavy.length,
    light: light.length,
    strictRecall: percent(strict, heavy.length),
    unknownAsHeavyRecall: percent(loose, heavy.length),
    falseHeavyRate: percent(falseHeavy, light.length),
    lightUnknownRate: percent(lightUnknown, light.length),
    missed,
    claimed,
  };
}

/** Per rule family: cases, and how many the static verdict matches exactly (heavy/light) and flag by flag. */
export function familyTable(cases, verdicts) {
  const rows = new Map();
  for (const testCase of cases) {
    const row = rows.get(testCase.family) ?? { family: testCase.family, cases: 0, heavy: 0, verdictAgrees: 0, flagsAgree: 0 };
    const verdict = verdicts.get(testCase.id);
    row.cases += 1;
    if (testCase.expected.heavy) row.heavy += 1;
    if ((verdict.verdict === 'heavy') === testCase.expected.heavy && verdict.verdict !== 'unknown') row.verdictAgrees += 1;
    if (FLAGS.every((flag) => verdict[flag] === testCase.expected[flag])) row.flagsAgree += 1;
    rows.set(testCase.family, row);
  }
  return [...rows.values()].sort((a, b) => b.cases - a.cases || a.family.localeCompare(b.family));
}
