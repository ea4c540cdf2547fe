/**
 * The migrations rule catalogue (STYLE.md 1): one import per rule file in rules/ (the file name is
 * the id), in the order the classifier applies them to one operation. Everything about a rule (wording, level, fix, PostgreSQL facts, examples,
 * check) is in its file; this list only registers it.
 */
import type { Finding, RuleMeta } from '../../rules/types.js';
import type { MigrationFormatId } from '../../config/migration-formats.js';
import { migrationFixParams, type MigrationRuleEntry } from './rules/rule.js';

import { rule as acceptanceAddedToReleasedMigration } from './rules/acceptance-added-to-released-migration.js';
import { rule as addingFieldOfConstrainedDomain } from './rules/adding-field-of-constrained-domain.js';
import { rule as addingFieldWithDefault } from './rules/adding-field-with-default.js';
import { rule as addingForeignKeyConstraint } from './rules/adding-foreign-key-constraint.js';
import { rule as addingNotNullableField } from './rules/adding-not-nullable-field.js';
import { rule as addingRequiredField } from './rules/adding-required-field.js';
import { rule as addingSerialPrimaryKeyField } from './rules/adding-serial-primary-key-field.js';
import { rule as banConcurrentIndexCreationInTransaction } from './rules/ban-concurrent-index-creation-in-transaction.js';
import { rule as banDropColumn } from './rules/ban-drop-column.js';
import { rule as unreferencedByOldCode } from './rules/unreferenced-by-old-code.js';
import { rule as addingRequiredFieldFailsOnExistingRows } from './rules/adding-required-field-fails-on-existing-rows.js';
import { rule as setNotNullFailsOnExistingNulls } from './rules/set-not-null-fails-on-existing-nulls.js';
import { rule as uniqueIndexFailsOnDuplicates } from './rules/unique-index-fails-on-duplicates.js';
import { rule as banDropTable } from './rules/ban-drop-table.js';
import { rule as banTruncateTable } from './rules/ban-truncate-table.js';
import { rule as changingColumnType } from './rules/changing-column-type.js';
import { rule as clickhouseDropColumn } from './rules/clickhouse-drop-column.js';
import { rule as clickhouseDropTable } from './rules/clickhouse-drop-table.js';
import { rule as clickhouseMutationRewritesParts } from './rules/clickhouse-mutation-rewrites-parts.js';
import { rule as clickhouseRenaming } from './rules/clickhouse-renaming.js';
import { rule as clickhouseUnclassifiedStatement } from './rules/clickhouse-unclassified-statement.js';
import { rule as clusterRewritesTable } from './rules/cluster-rewrites-table.js';
import { rule as columnTypeChangedIncompatibly } from './rules/column-type-changed-incompatibly.js';
import { rule as constraintMissingNotValid } from './rules/constraint-missing-not-valid.js';
import { rule as constraintRejectsOldCodeWrites } from './rules/constraint-rejects-old-code-writes.js';
import { rule as deleteWithoutWhere } from './rules/delete-without-where.js';
import { rule as detachPartitionNotConcurrently } from './rules/detach-partition-not-concurrently.js';
import { rule as disallowedUniqueConstraint } from './rules/disallowed-unique-constraint.js';
import { rule as primaryKeyUsingIndexSetsNotNull } from './rules/primary-key-using-index-sets-not-null.js';
import { rule as domainConstraintScansTables } from './rules/domain-constraint-scans-tables.js';
import { rule as setExpressionRewritesTable } from './rules/set-expression-rewrites-table.js';
import { rule as dynamicSqlUnresolved } from './rules/dynamic-sql-unresolved.js';
import { rule as exclusionConstraintBuildsIndex } from './rules/exclusion-constraint-builds-index.js';
import { rule as functionCallUnresolved } from './rules/function-call-unresolved.js';
import { rule as indexBuiltConcurrentlyScansTable } from './rules/index-built-concurrently-scans-table.js';
import { rule as lockTimeoutBoundsBriefLock } from './rules/lock-timeout-bounds-brief-lock.js';
import { rule as loopOverDataUnresolved } from './rules/loop-over-data-unresolved.js';
import { rule as materializedViewRefreshRewrites } from './rules/materialized-view-refresh-rewrites.js';
import { rule as migrationPartUnresolved } from './rules/migration-part-unresolved.js';
import { rule as releasedMigrationModified } from './rules/released-migration-modified.js';
import { rule as releasedMigrationReformatted } from './rules/released-migration-reformatted.js';
import { rule as releasedMigrationDeleted } from './rules/released-migration-deleted.js';
import { rule as migrationExtractionFailed } from './rules/migration-extraction-failed.js';
import { rule as observedHeavierThanClassified } from './rules/observed-heavier-than-classified.js';
import { rule as reindexRebuildsIndex } from './rules/reindex-rebuilds-index.js';
import { rule as renamingColumn } from './rules/renaming-column.js';
import { rule as renamingEnumValue } from './rules/renaming-enum-value.js';
import { rule as renamingTable } from './rules/renaming-table.js';
import { rule as banDropView } from './rules/ban-drop-view.js';
import { rule as renamingView } from './rules/renaming-view.js';
import { rule as banDropFunction } from './rules/ban-drop-function.js';
import { rule as banDropObject } from './rules/ban-drop-object.js';
import { rule as renamingObject } from './rules/renaming-object.js';
import { rule as droppingColumnDefault } from './rules/dropping-column-default.js';
import { rule as enablingRowLevelSecurity } from './rules/enabling-row-level-security.js';
import { rule as restrictivePolicyOnExistingTable } from './rules/restrictive-policy-on-existing-table.js';
import { rule as restartingSequence } from './rules/restarting-sequence.js';
import { rule as revokingPrivileges } from './rules/revoking-privileges.js';
import { rule as triggerOnExistingTable } from './rules/trigger-on-existing-table.js';
import { rule as triggerDisabledInTransaction } from './rules/trigger-disabled-in-transaction.js';
import { rule as banDisableTrigger } from './rules/ban-disable-trigger.js';
import { rule as requireConcurrentIndexCreation } from './rules/require-concurrent-index-creation.js';
import { rule as requireConcurrentIndexDeletion } from './rules/require-concurrent-index-deletion.js';
import { rule as requireTimeoutSettings } from './rules/require-timeout-settings.js';
import { rule as selectScansTable } from './rules/select-scans-table.js';
import { rule as setLoggedRewritesTable } from './rules/set-logged-rewrites-table.js';
import { rule as statementUnparsable } from './rules/statement-unparsable.js';
import { rule as unclassifiedStatement } from './rules/unclassified-statement.js';
import { rule as updateWithoutWhere } from './rules/update-without-where.js';
import { rule as vacuumFullRewritesTable } from './rules/vacuum-full-rewrites-table.js';
import { rule as vacuumScansTable } from './rules/vacuum-scans-table.js';
import { rule as validatingConstraintScansTable } from './rules/validating-constraint-scans-table.js';

export const migrationRuleList = [
  requireConcurrentIndexCreation,
  indexBuiltConcurrentlyScansTable,
  banConcurrentIndexCreationInTransaction,
  requireConcurrentIndexDeletion,
  addingFieldWithDefault,
  addingFieldOfConstrainedDomain,
  addingRequiredField,
  addingSerialPrimaryKeyField,
  disallowedUniqueConstraint,
  primaryKeyUsingIndexSetsNotNull,
  exclusionConstraintBuildsIndex,
  constraintMissingNotValid,
  addingForeignKeyConstraint,
  constraintRejectsOldCodeWrites,
  changingColumnType,
  columnTypeChangedIncompatibly,
  addingNotNullableField,
  renamingColumn,
  renamingTable,
  banDropColumn,
  banDropTable,
  unreferencedByOldCode,
  addingRequiredFieldFailsOnExistingRows,
  setNotNullFailsOnExistingNulls,
  uniqueIndexFailsOnDuplicates,
  banTruncateTable,
  renamingEnumValue,
  banDropView,
  renamingView,
  banDropFunction,
  banDropObject,
  renamingObject,
  droppingColumnDefault,
  enablingRowLevelSecurity,
  restrictivePolicyOnExistingTable,
  restartingSequence,
  revokingPrivileges,
  triggerOnExistingTable,
  triggerDisabledInTransaction,
  banDisableTrigger,
  updateWithoutWhere,
  deleteWithoutWhere,
  selectScansTable,
  vacuumFullRewritesTable,
  vacuumScansTable,
  clusterRewritesTable,
  setLoggedRewritesTable,
  setExpressionRewritesTable,
  detachPartitionNotConcurrently,
  materializedViewRefreshRewrites,
  reindexRebuildsIndex,
  validatingConstraintScansTable,
  domainConstraintScansTables,
  requireTimeoutSettings,
  lockTimeoutBoundsBriefLock,
  unclassifiedStatement,
  statementUnparsable,
  dynamicSqlUnresolved,
  loopOverDataUnresolved,
  functionCallUnresolved,
  migrationPartUnresolved,
  // ClickHouse folders (clickhouse/classify.ts): never parsed with the PostgreSQL grammar.
  clickhouseMutationRewritesParts,
  clickhouseDropTable,
  clickhouseDropColumn,
  clickhouseRenaming,
  clickhouseUnclassifiedStatement,
  // Reported by the stage's file-set diff, not by the classifier.
  releasedMigrationModified,
  releasedMigrationReformatted,
  releasedMigrationDeleted,
  acceptanceAddedToReleasedMigration,
  migrationExtractionFailed,
  // Reported by the trace (src/trace/): PostgreSQL did more than the static rules said.
  observedHeavierThanClassified,
] as const;

/** The rules as the classifier reads them: catalogue entry, operation kinds and check side by side. */
export const MIGRATION_RULES: readonly MigrationRuleEntry[] = migrationRuleList.map((rule): MigrationRuleEntry => ({
  ...rule.meta,
  operations: rule.check.operations,
  check: rule.check.check,
}));

export type MigrationRuleId = (typeof migrationRuleList)[number]['meta']['id'];

/** The catalogue as plain rule metadata, for the stage's `rules` and `release-safety rules`. */
export const migrationRules: readonly RuleMeta[] = migrationRuleList.map((rule) => rule.meta);

const BY_ID: ReadonlyMap<string, MigrationRuleEntry> = new Map(MIGRATION_RULES.map((entry) => [entry.id, entry]));

export function migrationRule(id: string): MigrationRuleEntry | undefined {
  return BY_ID.get(id);
}

/**
 * A finding of a migration of a known format, with its fix worded for that format's runner: the rules
 * whose fix says `{noTransaction}` get that runner's switch (rules/rule.ts, `migrationFixParams`).
 * The report fills the other fix names from the finding as before.
 */
export function withFormatFixParams(finding: Finding, format: MigrationFormatId): Finding {
  if (finding.params.noTransaction !== undefined || !migrationRule(finding.rule)?.fix?.includes('{noTransaction}')) return finding;
  return { ...finding, params: { ...finding.params, noTransaction: migrationFixParams(finding, format).noTransaction! } };
}
