/**
 * Runs SQL through the real parser and classifier for the rule table tests (one migration, one file).
 * Kept outside the test files so every rule test reads the same way.
 */
import type { Heaviness } from '../../../artifact/types.js';
import type { Tri } from '../../../core/tristate.js';
import { renderTemplate, type Finding } from '../../../rules/types.js';
import type { UnresolvedPart } from '../types.js';
import { migrationRule } from '../catalogue.js';
import { classifyMigration } from '../classify.js';
import { emptySchema, foldReleasedMigration, schemaOptions } from '../released-schema.js';
import { loadParser } from '../sql.js';
import { indexFromFiles } from '../old-code/scan.js';
import { createLookup } from '../old-code/lookup.js';
import { classifyClickHouseMigration } from '../clickhouse/classify.js';

export interface CaseOptions {
  /** Default true: `.sql` files and knex migrations run in a transaction. */
  inTransaction?: boolean;
  postgresVersion?: number;
  /** Tables created earlier in the release. */
  newTables?: string[];
  columnTypes?: Readonly<Record<string, string>>;
  /** Tables whose indexes and checks are known → the columns a type change re-checks. */
  recheckedColumns?: Readonly<Record<string, readonly string[]>>;
  /** Parts the extractor could not resolve. */
  unresolved?: UnresolvedPart[];
  /** SQL of released migrations, classified and folded first as the stage folds them (released-schema.ts). */
  released?: string;
  /** The previous release's code (path → text): old-code references are read from it (issue 33). */
  oldCode?: Readonly<Record<string, string>>;
}

export interface CaseOutcome {
  heaviness: Heaviness;
  findings: Finding[];
  /** Rule ids of the findings, in report order. */
  rules: string[];
  /** `rule (level) line N: message`, for inline snapshots. */
  messages: string[];
  breaksOldCode: boolean;
  tables: string[];
}

export function flags(locksTable: Tri, rewritesTable: Tri, scansTable: Tri): Heaviness {
  return { locksTable, rewritesTable, scansTable };
}

export const LIGHT = flags(false, false, false);
export const UNKNOWN = flags('unknown', 'unknown', 'unknown');

export async function classifySql(sql: string, options: CaseOptions = {}): Promise<CaseOutcome> {
  await loadParser();
  const postgresVersion = options.postgresVersion ?? 16;
  const schema = emptySchema();
  if (options.released !== undefined) {
    const released = {
      file: 'migrations/000.sql',
      statements: [{ sql: options.released, line: 1, origin: 'sql-file' as const }],
      unresolved: [],
      inTransaction: true,
    };
    foldReleasedMigration(schema, classifyMigration(released, { postgresVersion, existingTables: new Set() }, schemaOptions(schema)));
  }
  const result = classifyMigration(
    {
      file: 'migrations/001.sql',
      statements: [{ sql, line: 1, origin: 'sql-file' }],
      unresolved: options.unresolved ?? [],
      inTransaction: options.inTransaction ?? true,
    },
    { postgresVersion, newTables: new Set(options.newTables ?? []), ...(options.oldCode ? { oldCode: createLookup(indexFromFiles(options.oldCode)) } : {}) },
    {
      ...schemaOptions(schema),
      ...(options.columnTypes === undefined ? {} : { columnTypes: new Map(Object.entries(options.columnTypes)) }),
      ...(options.recheckedColumns === undefined
        ? {}
        : { recheckedColumns: new Map(Object.entries(options.recheckedColumns).map(([table, columns]) => [table, new Set(columns)])) }),
    },
  );
  return {
    heaviness: result.heaviness,
    findings: result.findings,
    rules: result.findings.map((finding) => finding.rule),
    messages: result.findings.map((finding) => {
      const meta = migrationRule(finding.rule);
      return `${finding.rule} (${meta?.level ?? '?'}) line ${finding.evidence.line ?? '?'}: ${renderTemplate(meta?.message ?? '', finding.params)}`;
    }),
    breaksOldCode: result.breaksOldCode,
    tables: result.tables,
  };
}

/** Runs ClickHouse SQL through the ClickHouse reader and rules (clickhouse/classify.ts), as a ClickHouse folder's migration is judged. */
export function classifyClickHouseSql(sql: string, options: Pick<CaseOptions, 'newTables'> = {}): CaseOutcome {
  const result = classifyClickHouseMigration('clickhouse/migrations/0001_change.up.sql', sql, { newTables: new Set(options.newTables ?? []) });
  return {
    heaviness: result.heaviness,
    findings: result.findings,
    rules: result.findings.map((finding) => finding.rule),
    messages: result.findings.map((finding) => {
      const meta = migrationRule(finding.rule);
      return `${finding.rule} (${meta?.level ?? '?'}) line ${finding.evidence.line ?? '?'}: ${renderTemplate(meta?.message ?? '', finding.params)}`;
    }),
    breaksOldCode: result.breaksOldCode,
    tables: result.tables,
  };
}
