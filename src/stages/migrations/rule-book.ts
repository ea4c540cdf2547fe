import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { migrationRuleList } from './catalogue.js';
import { classifySql } from './rules/cases.js';
import { MIGRATION_RULES_DOCS, migrationFixParams, type MigrationRuleExample } from './rules/rule.js';

/** How the surface-neutral parts use the migration rules (catalogue test, docs, reports). */
export const migrationsRuleBook: RuleBook<'migrations'> = {
  surface: 'migrations',
  title: 'Migrations (PostgreSQL)',
  docs: MIGRATION_RULES_DOCS,
  rules: migrationRuleList,
  findings: async (rule, example) => (await classifySql(example.sql, caseOptions(example))).findings.filter((finding) => finding.rule === rule.meta.id),
  showExample: (example) => [fenced('sql', example.sql), ...context(example)].join('\n'),
  details: (rule) => {
    const { lock, rewrites, scans, versions } = rule.meta.facts;
    const operations = rule.check.operations.map((kind) => `\`${kind}\``).join(', ');
    return `lock ${lock} · rewrites: ${rewrites ? 'yes' : 'no'} · scans: ${scans ? 'yes' : 'no'} · PostgreSQL: ${versions} · operations: ${operations}`;
  },
  fixParams: migrationFixParams,
};

function caseOptions(example: MigrationRuleExample) {
  return {
    inTransaction: example.inTransaction,
    postgresVersion: example.postgresVersion,
    newTables: example.newTables ? [...example.newTables] : undefined,
    columnTypes: example.columnTypes,
    unresolved: example.unresolved ? [...example.unresolved] : undefined,
  };
}

/** The state the example runs in, when it is not the default (one migration in a transaction, PostgreSQL 16). */
function context(example: MigrationRuleExample): string[] {
  const notes: string[] = [];
  if (example.inTransaction === false) notes.push('outside a transaction');
  if (example.postgresVersion !== undefined) notes.push(`PostgreSQL ${example.postgresVersion}`);
  if (example.newTables?.length) notes.push(`tables created earlier in the release: ${example.newTables.join(', ')}`);
  if (example.columnTypes) notes.push(`column types before: ${Object.entries(example.columnTypes).map(([column, type]) => `${column} ${type}`).join(', ')}`);
  if (example.unresolved?.length) notes.push(`not resolved by the extractor: ${example.unresolved.map((part) => part.reason).join('; ')}`);
  return notes.length > 0 ? ['', `(${notes.join('; ')})`] : [];
}
