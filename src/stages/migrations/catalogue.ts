/**
 * The migrations rule catalogue (STYLE.md 1): the only list of migration rule ids, with their wording,
 * level, documented PostgreSQL facts and the check that implements each (one file per rule in rules/).
 */
import type { RuleMeta } from '../../rules/types.js';
import type { MigrationRuleEntry, RuleFacts } from './rules/rule.js';

import { rule as requireConcurrentIndexCreation } from './rules/require-concurrent-index-creation.js';
import { rule as indexBuiltConcurrentlyScansTable } from './rules/index-built-concurrently-scans-table.js';
import { rule as banConcurrentIndexCreationInTransaction } from './rules/ban-concurrent-index-creation-in-transaction.js';
import { rule as requireConcurrentIndexDeletion } from './rules/require-concurrent-index-deletion.js';
import { rule as addingFieldWithDefault } from './rules/adding-field-with-default.js';
import { rule as addingRequiredField } from './rules/adding-required-field.js';
import { rule as addingSerialPrimaryKeyField } from './rules/adding-serial-primary-key-field.js';
import { rule as disallowedUniqueConstraint } from './rules/disallowed-unique-constraint.js';
import { rule as constraintMissingNotValid } from './rules/constraint-missing-not-valid.js';
import { rule as addingForeignKeyConstraint } from './rules/adding-foreign-key-constraint.js';
import { rule as constraintRejectsOldCodeWrites } from './rules/constraint-rejects-old-code-writes.js';
import { rule as changingColumnType } from './rules/changing-column-type.js';
import { rule as columnTypeChangedIncompatibly } from './rules/column-type-changed-incompatibly.js';
import { rule as addingNotNullableField } from './rules/adding-not-nullable-field.js';
import { rule as renamingColumn } from './rules/renaming-column.js';
import { rule as renamingTable } from './rules/renaming-table.js';
import { rule as banDropColumn } from './rules/ban-drop-column.js';
import { rule as banDropTable } from './rules/ban-drop-table.js';
import { rule as banTruncateTable } from './rules/ban-truncate-table.js';
import { rule as renamingEnumValue } from './rules/renaming-enum-value.js';
import { rule as banDropView } from './rules/ban-drop-view.js';
import { rule as renamingView } from './rules/renaming-view.js';
import { rule as banDropFunction } from './rules/ban-drop-function.js';
import { rule as banDropObject } from './rules/ban-drop-object.js';
import { rule as renamingObject } from './rules/renaming-object.js';
import { rule as droppingColumnDefault } from './rules/dropping-column-default.js';
import { rule as enablingRowLevelSecurity } from './rules/enabling-row-level-security.js';
import { rule as restartingSequence } from './rules/restarting-sequence.js';
import { rule as revokingPrivileges } from './rules/revoking-privileges.js';
import { rule as triggerOnExistingTable } from './rules/trigger-on-existing-table.js';
import { rule as updateWithoutWhere } from './rules/update-without-where.js';
import { rule as deleteWithoutWhere } from './rules/delete-without-where.js';
import { rule as selectScansTable } from './rules/select-scans-table.js';
import { rule as vacuumFullRewritesTable } from './rules/vacuum-full-rewrites-table.js';
import { rule as vacuumScansTable } from './rules/vacuum-scans-table.js';
import { rule as clusterRewritesTable } from './rules/cluster-rewrites-table.js';
import { rule as setLoggedRewritesTable } from './rules/set-logged-rewrites-table.js';
import { rule as detachPartitionNotConcurrently } from './rules/detach-partition-not-concurrently.js';
import { rule as materializedViewRefreshRewrites } from './rules/materialized-view-refresh-rewrites.js';
import { rule as reindexRebuildsIndex } from './rules/reindex-rebuilds-index.js';
import { rule as validatingConstraintScansTable } from './rules/validating-constraint-scans-table.js';
import { rule as requireTimeoutSettings } from './rules/require-timeout-settings.js';
import { rule as lockTimeoutBoundsBriefLock } from './rules/lock-timeout-bounds-brief-lock.js';
import { rule as unclassifiedStatement } from './rules/unclassified-statement.js';
import { rule as statementUnparsable } from './rules/statement-unparsable.js';
import { rule as dynamicSqlUnresolved } from './rules/dynamic-sql-unresolved.js';
import { rule as loopOverDataUnresolved } from './rules/loop-over-data-unresolved.js';
import { rule as functionCallUnresolved } from './rules/function-call-unresolved.js';
import { rule as migrationPartUnresolved } from './rules/migration-part-unresolved.js';

const DOCS = 'docs/migration-rules.md';

function facts(lock: RuleFacts['lock'], rewrites: boolean, scans: boolean, versions: string, saferAlternative: string): RuleFacts {
  return { lock, rewrites, scans, versions, saferAlternative };
}

export const MIGRATION_RULES = [
  {
    id: 'require-concurrent-index-creation',
    surface: 'migrations',
    level: 'advisory',
    summary: 'CREATE INDEX without CONCURRENTLY on an existing table',
    message: 'CREATE INDEX {index} on {table} without CONCURRENTLY blocks writes while the whole table is read',
    why: 'The index build holds SHARE on the table: every INSERT/UPDATE/DELETE of the old instances waits until it finishes.',
    docs: `${DOCS}#require-concurrent-index-creation`,
    facts: facts('SHARE', false, true, 'all', 'CREATE INDEX CONCURRENTLY, in a migration without a transaction (knex: export const config = { transaction: false })'),
    ...requireConcurrentIndexCreation,
  },
  {
    id: 'index-built-concurrently-scans-table',
    surface: 'migrations',
    level: 'info',
    summary: 'CREATE INDEX CONCURRENTLY reads the whole table',
    message: 'CREATE INDEX CONCURRENTLY {index} on {table} reads the whole table twice (reads and writes continue)',
    why: 'The safe form of an index build still scans the table; it takes SHARE UPDATE EXCLUSIVE, which blocks no reads or writes.',
    docs: `${DOCS}#index-built-concurrently-scans-table`,
    facts: facts('SHARE UPDATE EXCLUSIVE', false, true, 'all', '—'),
    ...indexBuiltConcurrentlyScansTable,
  },
  {
    id: 'ban-concurrent-index-creation-in-transaction',
    surface: 'migrations',
    level: 'advisory',
    summary: 'CONCURRENTLY inside a transaction block',
    message: '{statement} cannot run inside a transaction: the migration fails',
    why: 'PostgreSQL refuses CONCURRENTLY in a transaction block; the release\'s migration fails at start-up and its effects cannot be proven.',
    docs: `${DOCS}#ban-concurrent-index-creation-in-transaction`,
    facts: facts('none', false, false, 'all', 'run it in a migration without a transaction (knex: export const config = { transaction: false })'),
    ...banConcurrentIndexCreationInTransaction,
  },
  {
    id: 'require-concurrent-index-deletion',
    surface: 'migrations',
    level: 'advisory',
    summary: 'DROP INDEX without CONCURRENTLY',
    message: 'DROP INDEX {index} without CONCURRENTLY takes ACCESS EXCLUSIVE on its table',
    why: 'The lock is brief but queues behind running queries and blocks every query behind it.',
    docs: `${DOCS}#require-concurrent-index-deletion`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'DROP INDEX CONCURRENTLY, outside a transaction'),
    ...requireConcurrentIndexDeletion,
  },
  {
    id: 'adding-field-with-default',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD COLUMN whose value is computed per row (table rewrite)',
    message: 'ADD COLUMN {table}.{column} rewrites the table: {reason}',
    why: 'A rewrite copies every row under ACCESS EXCLUSIVE: reads and writes of the old instances stop until it finishes.',
    docs: `${DOCS}#adding-field-with-default`,
    facts: facts('ACCESS EXCLUSIVE', true, true, 'volatile defaults, serial, identity and stored generated columns: all versions; any default: PostgreSQL 10 and older', 'add the column without a default, then SET DEFAULT, then backfill in batches'),
    ...addingFieldWithDefault,
  },
  {
    id: 'adding-required-field',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ADD COLUMN NOT NULL without a default',
    message: 'ADD COLUMN {table}.{column} NOT NULL without a default: old code\'s INSERTs fail and a populated table rejects it',
    why: 'Old instances insert rows without the new column; NOT NULL without a default makes those inserts fail. PostgreSQL also checks every existing row.',
    docs: `${DOCS}#adding-required-field`,
    facts: facts('ACCESS EXCLUSIVE', false, true, 'all', 'add it nullable (or with a constant default) first; make it NOT NULL in a later release'),
    ...addingRequiredField,
  },
  {
    id: 'adding-serial-primary-key-field',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD PRIMARY KEY builds its index under ACCESS EXCLUSIVE',
    message: 'PRIMARY KEY ({columns}) on {table} builds a unique index while reads and writes are blocked',
    why: 'The index build reads the whole table under ACCESS EXCLUSIVE.',
    docs: `${DOCS}#adding-serial-primary-key-field`,
    facts: facts('ACCESS EXCLUSIVE', false, true, 'all', 'CREATE UNIQUE INDEX CONCURRENTLY, then ADD CONSTRAINT … PRIMARY KEY USING INDEX'),
    ...addingSerialPrimaryKeyField,
  },
  {
    id: 'disallowed-unique-constraint',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD UNIQUE builds its index under ACCESS EXCLUSIVE',
    message: 'UNIQUE ({columns}) on {table} builds a unique index while reads and writes are blocked',
    why: 'The index build reads the whole table under ACCESS EXCLUSIVE.',
    docs: `${DOCS}#disallowed-unique-constraint`,
    facts: facts('ACCESS EXCLUSIVE', false, true, 'all', 'CREATE UNIQUE INDEX CONCURRENTLY, then ADD CONSTRAINT … UNIQUE USING INDEX'),
    ...disallowedUniqueConstraint,
  },
  {
    id: 'constraint-missing-not-valid',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD CHECK without NOT VALID',
    message: '{constraint} on {table} is validated against every row under ACCESS EXCLUSIVE',
    why: 'Validation reads the whole table while reads and writes are blocked.',
    docs: `${DOCS}#constraint-missing-not-valid`,
    facts: facts('ACCESS EXCLUSIVE', false, true, 'all', 'ADD CONSTRAINT … NOT VALID, then VALIDATE CONSTRAINT in a separate transaction'),
    ...constraintMissingNotValid,
  },
  {
    id: 'adding-foreign-key-constraint',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD FOREIGN KEY without NOT VALID',
    message: 'FOREIGN KEY from {table} to {referenced} is validated against every row while writes to both tables are blocked',
    why: 'Validation reads the whole referencing table under SHARE ROW EXCLUSIVE on both tables.',
    docs: `${DOCS}#adding-foreign-key-constraint`,
    facts: facts('SHARE ROW EXCLUSIVE', false, true, 'all', 'ADD CONSTRAINT … NOT VALID, then VALIDATE CONSTRAINT in a separate transaction'),
    ...addingForeignKeyConstraint,
  },
  {
    id: 'constraint-rejects-old-code-writes',
    surface: 'migrations',
    level: 'breaking',
    summary: 'New constraint old code may violate',
    message: '{constraint} added to {table}: writes from old code that violate it start failing',
    why: 'A constraint applies to every write as soon as it is added (NOT VALID only skips existing rows); old instances were not written for it.',
    docs: `${DOCS}#constraint-rejects-old-code-writes`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'add the constraint in the release after the code that satisfies it is everywhere'),
    ...constraintRejectsOldCodeWrites,
  },
  {
    id: 'changing-column-type',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ALTER COLUMN TYPE that is not binary-coercible',
    message: 'ALTER COLUMN {table}.{column} TYPE {type}: {reason}',
    why: 'A rewrite copies every row and rebuilds every index under ACCESS EXCLUSIVE.',
    docs: `${DOCS}#changing-column-type`,
    facts: facts('ACCESS EXCLUSIVE', true, true, 'all (binary-coercible changes such as varchar(n)→text never rewrite)', 'new column, dual writes, backfill in batches, swap'),
    ...changingColumnType,
  },
  {
    id: 'column-type-changed-incompatibly',
    surface: 'migrations',
    level: 'breaking',
    summary: 'Column type changed to one that is not a widening',
    message: '{table}.{column} changes from {from} to {to}: old code may write or read values the new type does not fit',
    why: 'Old instances keep writing values of the old type; a narrower or different type rejects or converts them.',
    docs: `${DOCS}#column-type-changed-incompatibly`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'widen only (longer varchar, text, bigger integer); narrow in a later release'),
    ...columnTypeChangedIncompatibly,
  },
  {
    id: 'adding-not-nullable-field',
    surface: 'migrations',
    level: 'advisory',
    summary: 'SET NOT NULL scans the table',
    message: 'SET NOT NULL on {table}.{column} reads every row under ACCESS EXCLUSIVE',
    why: 'The check of existing rows blocks reads and writes; PostgreSQL 12+ skips it when a valid CHECK (column IS NOT NULL) exists.',
    docs: `${DOCS}#adding-not-nullable-field`,
    facts: facts('ACCESS EXCLUSIVE', false, true, 'all; skipped on PostgreSQL 12+ with a valid CHECK (column IS NOT NULL)', 'ADD CONSTRAINT … CHECK (column IS NOT NULL) NOT VALID, VALIDATE CONSTRAINT, then SET NOT NULL'),
    ...addingNotNullableField,
  },
  {
    id: 'renaming-column',
    surface: 'migrations',
    level: 'breaking',
    summary: 'RENAME COLUMN',
    message: 'RENAME COLUMN {table}.{column} to {newName}: old code still uses {column}',
    why: 'Old instances keep querying the old name and fail.',
    docs: `${DOCS}#renaming-column`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'expand/contract: add the new column, dual write, switch reads, drop the old one later'),
    ...renamingColumn,
  },
  {
    id: 'renaming-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'RENAME TABLE',
    message: 'RENAME TABLE {table} to {newName}: old code still uses {table}',
    why: 'Old instances keep querying the old name and fail.',
    docs: `${DOCS}#renaming-table`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'expand/contract, or a view with the old name during the transition'),
    ...renamingTable,
  },
  {
    id: 'ban-drop-column',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP COLUMN',
    message: 'DROP COLUMN {table}.{column}: old code still reads or writes it',
    why: 'Old instances select or insert the column and fail.',
    docs: `${DOCS}#ban-drop-column`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'stop using the column in one release, drop it in a later one'),
    ...banDropColumn,
  },
  {
    id: 'ban-drop-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP TABLE',
    message: 'DROP TABLE {table}: old code still uses it',
    why: 'Old instances query the table and fail.',
    docs: `${DOCS}#ban-drop-table`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'stop using the table in one release, drop it in a later one'),
    ...banDropTable,
  },
  {
    id: 'ban-truncate-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'TRUNCATE',
    message: 'TRUNCATE {table}: old code loses the rows it serves',
    why: 'TRUNCATE empties the table under ACCESS EXCLUSIVE while old instances are serving from it.',
    docs: `${DOCS}#ban-truncate-table`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'delete in batches in a release whose code no longer needs the rows'),
    ...banTruncateTable,
  },
  {
    id: 'renaming-enum-value',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ALTER TYPE … RENAME VALUE',
    message: 'enum {type} renames value {from} to {to}: old code still writes {from}',
    why: 'Old instances write and compare the old label and fail or misbehave.',
    docs: `${DOCS}#renaming-enum-value`,
    facts: facts('none', false, false, 'all', 'add the new value, migrate rows, stop using the old value later'),
    ...renamingEnumValue,
  },
  {
    id: 'ban-drop-view',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP VIEW / DROP MATERIALIZED VIEW',
    message: 'DROP {kind} {view}: old code still queries it',
    why: 'Old instances select from the view and fail.',
    docs: `${DOCS}#ban-drop-view`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'stop using the view in one release, drop it in a later one'),
    ...banDropView,
  },
  {
    id: 'renaming-view',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ALTER VIEW … RENAME (the view or a column)',
    message: 'RENAME {what} to {newName}: old code still uses the old name',
    why: 'Old instances keep querying the old name and fail.',
    docs: `${DOCS}#renaming-view`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'create the view under the new name beside the old one; drop the old one in a later release'),
    ...renamingView,
  },
  {
    id: 'ban-drop-function',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP FUNCTION / PROCEDURE / AGGREGATE',
    message: 'DROP {kind} {function}: old code may still call it',
    why: 'Old instances call the function in their queries (or rely on what calls it) and fail.',
    docs: `${DOCS}#ban-drop-function`,
    facts: facts('none', false, false, 'all', 'stop calling the function in one release, drop it in a later one'),
    ...banDropFunction,
  },
  {
    id: 'ban-drop-object',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP TYPE / DOMAIN / SEQUENCE / EXTENSION / SCHEMA / CAST',
    message: 'DROP {kind} {name}: old code may still name it',
    why: 'Old instances cast to the type, call nextval on the sequence or use the extension\'s functions in their queries, and fail.',
    docs: `${DOCS}#ban-drop-object`,
    facts: facts('none', false, false, 'all', 'stop using the object in one release, drop it in a later one'),
    ...banDropObject,
  },
  {
    id: 'renaming-object',
    surface: 'migrations',
    level: 'breaking',
    summary: 'RENAME of a function, type, sequence, schema or other named object',
    message: 'RENAME {kind} {name} to {newName}: old code may still use the old name',
    why: 'Old instances name the object in their queries and fail.',
    docs: `${DOCS}#renaming-object`,
    facts: facts('none', false, false, 'all', 'create the new name beside the old one (a wrapper function, a new type), drop the old one in a later release'),
    ...renamingObject,
  },
  {
    id: 'dropping-column-default',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP DEFAULT on a NOT NULL column',
    message: 'DROP DEFAULT on {table}.{column} ({nullability} at the end of the migration): old code\'s INSERTs that leave it out fail',
    why: 'Old instances insert rows without the column and relied on the default; on a NOT NULL column those inserts now fail. A knex `.notNullable().alter()` drops the default this way.',
    docs: `${DOCS}#dropping-column-default`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'keep the default until no running code omits the column (knex: repeat .defaultTo() in .alter())'),
    ...droppingColumnDefault,
  },
  {
    id: 'enabling-row-level-security',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ENABLE / FORCE ROW LEVEL SECURITY on an existing table',
    message: '{clause} ROW LEVEL SECURITY on {table}: old code\'s queries see only the rows a policy allows',
    why: 'With row level security on, a role that is not exempt sees and changes only rows a policy allows (none without a policy); FORCE applies it to the table owner too.',
    docs: `${DOCS}#enabling-row-level-security`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'create permissive policies that keep old code\'s access first, then enable row level security in a later release'),
    ...enablingRowLevelSecurity,
  },
  {
    id: 'restarting-sequence',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ALTER SEQUENCE … RESTART',
    message: 'ALTER SEQUENCE {sequence} RESTART: later INSERTs may get values already used',
    why: 'A restarted sequence hands out values rows already have: old and new instances\' inserts fail on the key.',
    docs: `${DOCS}#restarting-sequence`,
    facts: facts('none', false, false, 'all', 'only move a sequence forward: SELECT setval(…, max(id)) from the table'),
    ...restartingSequence,
  },
  {
    id: 'revoking-privileges',
    surface: 'migrations',
    level: 'breaking',
    summary: 'REVOKE',
    message: 'REVOKE {what}: old code may still need it',
    why: 'Old instances keep running the queries that need the privilege (or the role membership) and fail with "permission denied".',
    docs: `${DOCS}#revoking-privileges`,
    facts: facts('none', false, false, 'all', 'stop using the privilege in one release, revoke it in a later one'),
    ...revokingPrivileges,
  },
  {
    id: 'trigger-on-existing-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'CREATE TRIGGER on an existing table',
    message: 'trigger {trigger} on {table} runs {function}() on old code\'s writes: what it does is not proven harmless',
    why: 'A trigger runs on every write of the table, including old instances\': it may reject, change or slow them. Only a BEFORE ROW trigger whose function (created in the same migration) just sets fields of NEW from built-ins and returns NEW is proven harmless.',
    docs: `${DOCS}#trigger-on-existing-table`,
    facts: facts('SHARE ROW EXCLUSIVE', false, false, 'all', 'keep trigger functions to NEW.field := built-in expression; RETURN NEW, defined in the same migration'),
    ...triggerOnExistingTable,
  },
  {
    id: 'update-without-where',
    surface: 'migrations',
    level: 'advisory',
    summary: 'UPDATE of every row (backfill)',
    message: 'UPDATE {table} with {where} rewrites every row and locks them until commit',
    why: 'Every row gets a new version and a row lock held to the end of the transaction: old instances\' writes to those rows wait.',
    docs: `${DOCS}#update-without-where`,
    facts: facts('ROW EXCLUSIVE', true, true, 'all', 'backfill in batches by key, outside the DDL transaction'),
    ...updateWithoutWhere,
  },
  {
    id: 'delete-without-where',
    surface: 'migrations',
    level: 'advisory',
    summary: 'DELETE of every row',
    message: 'DELETE FROM {table} with {where} touches every row and locks them until commit',
    why: 'Every row is read and marked deleted with a row lock held to the end of the transaction.',
    docs: `${DOCS}#delete-without-where`,
    facts: facts('ROW EXCLUSIVE', true, true, 'all', 'delete in batches by key, outside the DDL transaction'),
    ...deleteWithoutWhere,
  },
  {
    id: 'select-scans-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Query reading a whole existing table',
    message: '{statement} reads the whole table {table}',
    why: 'A full read of a large table makes the migration long and loads the database the old instances use.',
    docs: `${DOCS}#select-scans-table`,
    facts: facts('ACCESS SHARE', false, true, 'all', 'copy in batches by key'),
    ...selectScansTable,
  },
  {
    id: 'vacuum-full-rewrites-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'VACUUM FULL',
    message: 'VACUUM FULL {table} rewrites the table under ACCESS EXCLUSIVE',
    why: 'The whole table is copied while reads and writes are blocked.',
    docs: `${DOCS}#vacuum-full-rewrites-table`,
    facts: facts('ACCESS EXCLUSIVE', true, true, 'all', 'plain VACUUM, or pg_repack outside the migration'),
    ...vacuumFullRewritesTable,
  },
  {
    id: 'vacuum-scans-table',
    surface: 'migrations',
    level: 'info',
    summary: 'Plain VACUUM',
    message: 'VACUUM {table} reads the table (reads and writes continue)',
    why: 'Plain VACUUM scans the table under SHARE UPDATE EXCLUSIVE; it cannot run inside a transaction.',
    docs: `${DOCS}#vacuum-scans-table`,
    facts: facts('SHARE UPDATE EXCLUSIVE', false, true, 'all', 'leave vacuuming to autovacuum'),
    ...vacuumScansTable,
  },
  {
    id: 'cluster-rewrites-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'CLUSTER',
    message: 'CLUSTER {table} rewrites the table under ACCESS EXCLUSIVE',
    why: 'The whole table is copied in index order while reads and writes are blocked.',
    docs: `${DOCS}#cluster-rewrites-table`,
    facts: facts('ACCESS EXCLUSIVE', true, true, 'all', 'pg_repack outside the migration'),
    ...clusterRewritesTable,
  },
  {
    id: 'set-logged-rewrites-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'SET LOGGED / SET UNLOGGED',
    message: 'SET {mode} on {table} rewrites the table under ACCESS EXCLUSIVE',
    why: 'The whole table is copied while reads and writes are blocked.',
    docs: `${DOCS}#set-logged-rewrites-table`,
    facts: facts('ACCESS EXCLUSIVE', true, true, 'all', 'create the table with the right persistence from the start'),
    ...setLoggedRewritesTable,
  },
  {
    id: 'detach-partition-not-concurrently',
    surface: 'migrations',
    level: 'advisory',
    summary: 'DETACH PARTITION without CONCURRENTLY',
    message: 'DETACH PARTITION {partition} from {table} takes ACCESS EXCLUSIVE on the partitioned table',
    why: 'The lock covers the whole partitioned table; CONCURRENTLY (PostgreSQL 14+) needs only SHARE UPDATE EXCLUSIVE.',
    docs: `${DOCS}#detach-partition-not-concurrently`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all; CONCURRENTLY from PostgreSQL 14', 'DETACH PARTITION … CONCURRENTLY outside a transaction'),
    ...detachPartitionNotConcurrently,
  },
  {
    id: 'materialized-view-refresh-rewrites',
    surface: 'migrations',
    level: 'advisory',
    summary: 'REFRESH MATERIALIZED VIEW',
    message: 'REFRESH MATERIALIZED VIEW {view} recomputes and rewrites it under {lock}',
    why: 'The query behind the view runs in full and the view\'s storage is replaced.',
    docs: `${DOCS}#materialized-view-refresh-rewrites`,
    facts: facts('ACCESS EXCLUSIVE', true, true, 'all', 'REFRESH … CONCURRENTLY (needs a unique index), outside the migration'),
    ...materializedViewRefreshRewrites,
  },
  {
    id: 'reindex-rebuilds-index',
    surface: 'migrations',
    level: 'advisory',
    summary: 'REINDEX',
    message: 'REINDEX {target} rebuilds from a full scan, {mode}',
    why: 'Rebuilding reads the table and writes new index storage; without CONCURRENTLY writes wait.',
    docs: `${DOCS}#reindex-rebuilds-index`,
    facts: facts('SHARE', true, true, 'all; CONCURRENTLY from PostgreSQL 12', 'REINDEX … CONCURRENTLY outside a transaction'),
    ...reindexRebuildsIndex,
  },
  {
    id: 'validating-constraint-scans-table',
    surface: 'migrations',
    level: 'info',
    summary: 'VALIDATE CONSTRAINT',
    message: 'VALIDATE CONSTRAINT {constraint} on {table} reads every row {lock}',
    why: 'Validation is the safe second step of NOT VALID; it still reads the whole table.',
    docs: `${DOCS}#validating-constraint-scans-table`,
    facts: facts('SHARE UPDATE EXCLUSIVE', false, true, 'all', 'validate in its own transaction, after the NOT VALID constraint is committed'),
    ...validatingConstraintScansTable,
  },
  {
    id: 'require-timeout-settings',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Write-blocking lock without lock_timeout',
    message: '{lock} on {table} without a lock_timeout: it can queue behind long queries and block every query behind it',
    why: 'Even a catalog-only lock waits for running transactions on the table; while it waits, every new query on the table queues behind it.',
    docs: `${DOCS}#require-timeout-settings`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', 'SET lock_timeout (e.g. \'5s\') at the start of the migration and retry on timeout'),
    ...requireTimeoutSettings,
  },
  {
    id: 'lock-timeout-bounds-brief-lock',
    surface: 'migrations',
    level: 'info',
    summary: 'Brief lock bounded by lock_timeout',
    message: '{lock} on {table} is catalog-only and bounded by the lock_timeout set earlier',
    why: 'A brief lock with a lock_timeout gives up instead of queueing, so it is not counted as locking the table.',
    docs: `${DOCS}#lock-timeout-bounds-brief-lock`,
    facts: facts('ACCESS EXCLUSIVE', false, false, 'all', '—'),
    ...lockTimeoutBoundsBriefLock,
  },
  {
    id: 'unclassified-statement',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Statement kind not in the rule table',
    message: '{statement} is not classified: its effect on tables is unknown',
    why: 'Only proven safety counts; a statement we cannot judge makes every flag unknown.',
    docs: `${DOCS}#unclassified-statement`,
    facts: facts('none', false, false, 'all', 'report the statement so a rule can be added'),
    ...unclassifiedStatement,
  },
  {
    id: 'statement-unparsable',
    surface: 'migrations',
    level: 'advisory',
    summary: 'SQL the PostgreSQL grammar rejects',
    message: 'SQL does not parse: {message}',
    why: 'Text that does not parse cannot be judged; every flag is unknown.',
    docs: `${DOCS}#statement-unparsable`,
    facts: facts('none', false, false, 'all', 'fix the SQL'),
    ...statementUnparsable,
  },
  {
    id: 'dynamic-sql-unresolved',
    surface: 'migrations',
    level: 'advisory',
    summary: 'EXECUTE of SQL built at run time',
    message: 'dynamic SQL cannot be resolved statically: {reason}',
    why: 'What a dynamic statement does depends on data at run time; every flag is unknown.',
    docs: `${DOCS}#dynamic-sql-unresolved`,
    facts: facts('none', false, false, 'all', 'write the statement statically'),
    ...dynamicSqlUnresolved,
  },
  {
    id: 'loop-over-data-unresolved',
    surface: 'migrations',
    level: 'advisory',
    summary: 'PL/pgSQL loop',
    message: '{loop} runs its body a data-dependent number of times',
    why: 'A loop over rows is a backfill whose size depends on data; every flag is unknown.',
    docs: `${DOCS}#loop-over-data-unresolved`,
    facts: facts('none', false, false, 'all', 'backfill in batches outside the migration'),
    ...loopOverDataUnresolved,
  },
  {
    id: 'function-call-unresolved',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Call of a function not defined in the migration',
    message: '{function}() is not defined in this migration nor a known built-in: its effect is unknown',
    why: 'A function may run any SQL; without its body every flag is unknown.',
    docs: `${DOCS}#function-call-unresolved`,
    facts: facts('none', false, false, 'all', 'define the function in the same migration, or inline its statements'),
    ...functionCallUnresolved,
  },
  {
    id: 'migration-part-unresolved',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Part of the migration not resolvable statically',
    message: 'not resolved statically: {reason} (unknown: {affects})',
    why: 'The extractor could not determine the SQL; the affected flags are unknown.',
    docs: `${DOCS}#migration-part-unresolved`,
    facts: facts('none', false, false, 'all', 'use literal or same-file constant SQL and table names'),
    ...migrationPartUnresolved,
  },
] as const satisfies readonly MigrationRuleEntry[];

export type MigrationRuleId = (typeof MIGRATION_RULES)[number]['id'];

/** The catalogue as plain rule metadata, for the stage's `rules` and `release-safety rules`. */
export const migrationRules: readonly RuleMeta[] = MIGRATION_RULES;

const BY_ID: ReadonlyMap<string, MigrationRuleEntry> = new Map(MIGRATION_RULES.map((entry) => [entry.id, entry]));

export function migrationRule(id: string): MigrationRuleEntry | undefined {
  return BY_ID.get(id);
}
