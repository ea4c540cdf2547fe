/**
 * Classification of one ClickHouse migration: the file's statements (read by our own tokenizer,
 * statements.ts, never by the PostgreSQL grammar) → operations (operations.ts) → the ClickHouse
 * rules of the migrations catalogue (rules/clickhouse-*.ts, the same `defineRule` shape as the
 * PostgreSQL rules) → heaviness flags and findings. Fail closed: a statement the rules do not know
 * makes every flag `unknown`; a file the reader cannot split is `unknown` as a whole.
 */
import type { Heaviness } from '../../../artifact/types.js';
import { anyTrue, type Tri } from '../../../core/tristate.js';
import type { Finding } from '../../../rules/types.js';
import { compareText } from '../../../core/compare-text.js';
import { MIGRATION_RULES, migrationRule } from '../catalogue.js';
import type { MigrationRuleEntry, Operation, RuleContext } from '../rules/rule.js';
import type { ClassifiedMigration, HeavinessFlag, MigrationHit } from '../types.js';
import { statementEffects } from './operations.js';
import { ClickHouseReadError, readStatements, shortStatement, type ClickHouseStatement } from './statements.js';

const FLAGS: readonly HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];

const CLICKHOUSE_RULES: readonly MigrationRuleEntry[] = MIGRATION_RULES.filter((entry) => entry.facts.dialect === 'clickhouse');

export interface ClickHouseContext {
  /** Tables created earlier in the release (same deployment shape): new and empty. */
  newTables?: ReadonlySet<string>;
}

/**
 * The context a ClickHouse rule reads: which tables are new. The PostgreSQL questions (lock
 * timeouts, CHECK constraints, indexes) have no meaning here and answer "not known".
 */
function ruleContext(created: ReadonlySet<string>, newTables: ReadonlySet<string>): RuleContext {
  return {
    postgresVersion: 0,
    inTransaction: false,
    lockTimeoutSet: false,
    isNewTable: (table) => table !== undefined && (created.has(table) || newTables.has(table)),
    hasValidNotNullCheck: () => false,
    columnIndexed: () => undefined,
    writesBlockedOn: () => false,
    addedNotValidInThisTransaction: () => false,
    indexColumns: () => undefined,
    isNewObject: () => false,
    isHarmlessTriggerFunction: () => false,
    isTableFreeNonVolatileFunction: () => false,
    userType: () => undefined,
    columnRechecked: () => undefined,
  };
}

function derivedFlags(entry: MigrationRuleEntry): Partial<Heaviness> {
  return { locksTable: false, rewritesTable: entry.facts.rewrites, scansTable: entry.facts.scans };
}

export function classifyClickHouseMigration(file: string, text: string, context: ClickHouseContext = {}): ClassifiedMigration {
  const flags: Heaviness = { locksTable: false, rewritesTable: false, scansTable: false };
  const findings: Finding[] = [];
  const hits: MigrationHit[] = [];
  const tables = new Set<string>();
  const created = new Set<string>();
  const newTables = context.newTables ?? new Set<string>();
  const run = (operation: Operation, at: { sql: string; line: number }) => {
    if (operation.table !== undefined) tables.add(operation.table);
    for (const entry of CLICKHOUSE_RULES) {
      if (!entry.operations.includes(operation.kind)) continue;
      const hit = entry.check(operation, ruleContext(created, newTables));
      if (hit === undefined) continue;
      const hitFlags = hit.flags ?? derivedFlags(entry);
      for (const flag of FLAGS) {
        const value: Tri | undefined = hitFlags[flag];
        if (value !== undefined) flags[flag] = anyTrue([flags[flag], value]);
      }
      const finding: Finding = { rule: entry.id, params: hit.params, evidence: { file, line: at.line, statement: shortStatement(at.sql) } };
      hits.push({ finding, flags: hitFlags });
      findings.push(finding);
    }
  };
  let statements: ClickHouseStatement[];
  try {
    statements = readStatements(text);
  } catch (error) {
    const reason = error instanceof ClickHouseReadError ? error.message : String(error);
    statements = [];
    run(
      { kind: 'clickhouse-unclassified', statement: `the file cannot be read as ClickHouse SQL (${reason})`, lock: 'none' },
      { sql: text.slice(0, 120), line: 1 },
    );
  }
  for (const statement of statements) {
    const effects = statementEffects(statement);
    for (const operation of effects.operations) run(operation, statement);
    for (const table of effects.touched ?? []) tables.add(table);
    for (const table of effects.created) {
      created.add(table);
      tables.add(table);
    }
  }
  findings.sort((a, b) => (a.evidence.line ?? 0) - (b.evidence.line ?? 0) || compareText(a.rule, b.rule));
  return {
    tables: [...tables].sort(compareText),
    heaviness: flags,
    findings,
    breaksOldCode: findings.some((finding) => migrationRule(finding.rule)?.level === 'breaking'),
    createdTables: [...created],
    hits,
  };
}
