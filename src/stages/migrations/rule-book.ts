import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { migrationRuleList } from './catalogue.js';
import { classifyClickHouseSql, classifySql } from './rules/cases.js';
import { runStage } from '../contract.js';
import { memoryStageInput } from '../memory-input.js';
import { migrationsStage } from './index.js';
import { findDisagreements, disagreementFindings } from './rules/observed-heavier-than-classified.js';
import {
  MIGRATION_RULES_DOCS,
  migrationFixParams,
  type MigrationFiles,
  type MigrationFolderExample,
  type MigrationObservedExample,
  type MigrationRuleExample,
} from './rules/rule.js';

/** How the surface-neutral parts use the migration rules (catalogue test, docs, reports). */
export const migrationsRuleBook: RuleBook<'migrations'> = {
  surface: 'migrations',
  title: 'Migrations (PostgreSQL)',
  docs: MIGRATION_RULES_DOCS,
  rules: migrationRuleList,
  findings: async (rule, example) => {
    const findings =
      'observed' in example
        ? await observedFindings(example)
        : 'sql' in example && example.dialect === 'clickhouse'
          ? classifyClickHouseSql(example.sql, { newTables: example.newTables ? [...example.newTables] : [] }).findings
          : 'sql' in example
            ? (await classifySql(example.sql, caseOptions(example))).findings
            : (await runStage(migrationsStage, memoryStageInput(example, FOLDER_CONFIG))).findings;
    return findings.filter((finding) => finding.rule === rule.meta.id);
  },
  showExample: (example) =>
    'observed' in example
      ? observedText(example)
      : 'sql' in example
        ? [fenced('sql', example.sql), ...(example.dialect === 'clickhouse' ? ['', '(ClickHouse)'] : []), ...context(example)].join('\n')
        : folderText(example),
  details: (rule) => {
    const { lock, rewrites, scans, versions, dialect } = rule.meta.facts;
    const operations = rule.check.operations.map((kind) => `\`${kind}\``).join(', ');
    if (dialect === 'clickhouse')
      return `ClickHouse · rewrites parts: ${rewrites ? 'yes' : 'no'} · reads every part: ${scans ? 'yes' : 'no'} · versions: ${versions} · operations: ${operations}`;
    return `lock ${lock} · rewrites: ${rewrites ? 'yes' : 'no'} · scans: ${scans ? 'yes' : 'no'} · PostgreSQL: ${versions} · operations: ${operations}`;
  },
  fixParams: migrationFixParams,
};

/** The folder a file-set example lives in. */
const FOLDER_CONFIG = { migrations: [{ dir: 'migrations', edition: 'core' as const }] };

function folderText(example: MigrationFolderExample): string {
  const side = (files: MigrationFiles) =>
    Object.keys(files).length === 0
      ? ['(no migrations)']
      : Object.entries(files).flatMap(([path, text]) =>
          text === null ? [`\`${path}\` (cannot be read)`] : [`\`${path}\`:`, '', fenced(path.endsWith('.sql') ? 'sql' : 'js', text)],
        );
  return ['Previous release:', '', ...side(example.base), '', 'New release:', '', ...side(example.head)].join('\n');
}

/**
 * The static classification of the example's migration, then what the trace makes of the recorded
 * observation (src/trace/reconcile.ts does the same with a live one).
 */
async function observedFindings(example: MigrationObservedExample) {
  const classified = await classifySql(example.sql);
  return [
    ...classified.findings,
    ...disagreementFindings('migrations/001.sql', findDisagreements(classified.heaviness, classified.findings, example.observed)),
  ];
}

function observedText(example: MigrationObservedExample): string {
  const seen = example.observed.map((statement) => {
    const what = [
      ...statement.locks.map((lock) => `took ${lock.mode} on ${lock.table}`),
      ...(statement.heldLocks ?? []).map((lock) => `kept ${lock.mode} on ${lock.table} (line ${lock.line}) held`),
      ...statement.rewrites.map((table) => `rewrote ${table}`),
      ...statement.scans.map((table) => `scanned ${table}`),
    ];
    return `- line ${statement.line}: ${statement.ran === 'failed' ? 'failed' : what.length === 0 ? 'nothing heavy' : what.join('; ')}`;
  });
  return [
    'Previous release:',
    '',
    fenced('sql', example.released),
    '',
    'New release:',
    '',
    fenced('sql', example.sql),
    '',
    'PostgreSQL (`release-safety trace`, seeded rows):',
    '',
    ...seen,
  ].join('\n');
}

function caseOptions(example: MigrationRuleExample) {
  return {
    inTransaction: example.inTransaction,
    postgresVersion: example.postgresVersion,
    newTables: example.newTables ? [...example.newTables] : undefined,
    columnTypes: example.columnTypes,
    recheckedColumns: example.recheckedColumns,
    unresolved: example.unresolved ? [...example.unresolved] : undefined,
    oldCode: example.oldCode,
  };
}

/** The state the example runs in, when it is not the default (one migration in a transaction, PostgreSQL 16). */
function context(example: MigrationRuleExample): string[] {
  const notes: string[] = [];
  if (example.inTransaction === false) notes.push('outside a transaction');
  if (example.postgresVersion !== undefined) notes.push(`PostgreSQL ${example.postgresVersion}`);
  if (example.newTables?.length) notes.push(`tables created earlier in the release: ${example.newTables.join(', ')}`);
  if (example.oldCode)
    notes.push(
      `the previous release's code: ${Object.entries(example.oldCode)
        .map(([path, text]) => `${path}: \`${text.replace(/\s+/g, ' ').trim()}\``)
        .join('; ')}`,
    );
  if (example.columnTypes)
    notes.push(
      `column types before: ${Object.entries(example.columnTypes)
        .map(([column, type]) => `${column} ${type}`)
        .join(', ')}`,
    );
  if (example.recheckedColumns) {
    const tables = Object.entries(example.recheckedColumns).map(([table, columns]) => `${table} (${columns.length === 0 ? 'none' : columns.join(', ')})`);
    notes.push(`indexes and checks known; columns an index expression, predicate or CHECK reads: ${tables.join(', ')}`);
  }
  if (example.unresolved?.length) notes.push(`not resolved by the extractor: ${example.unresolved.map((part) => part.reason).join('; ')}`);
  return notes.length > 0 ? ['', `(${notes.join('; ')})`] : [];
}
