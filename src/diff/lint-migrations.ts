import type { Heaviness } from '../artifact/types.js';
import { describeError, InputError } from '../core/errors.js';
import { anyTrue, type Tri } from '../core/tristate.js';
import { renderFinding, renderTemplate, type Finding, type Level, type RuleMeta } from '../rules/types.js';
import { migrationRule } from '../stages/migrations/catalogue.js';
import { migrationFixParams } from '../stages/migrations/rules/rule.js';
import { classifyMigration } from '../stages/migrations/classify.js';
import { extractMigration, MIGRATION_EXTENSIONS } from '../stages/migrations/extract/index.js';
import { migrationsStage } from '../stages/migrations/index.js';
import { loadParser } from '../stages/migrations/sql.js';
import { UNKNOWN_HEAVINESS } from '../stages/migrations/types.js';
import { fileSystemPath, readFileSystemPath, userPathsIn } from './file-system-paths.js';
import { readInput } from './input-files.js';

/**
 * `lint-migrations`: the migrations stage's extraction and classification on files named on the
 * command line, without git. The files are taken as one release added on top of existing tables,
 * in the order given: a table created by an earlier file is new (empty) for the later ones, and
 * column types declared earlier are known later, exactly as the stage chains a release's files.
 */

export interface LintFinding {
  rule: string;
  level: Level;
  line: number | null;
  statement: string | null;
  message: string;
  /** The catalogue's documented safer way to do the same thing; null when it has none. */
  saferAlternative: string | null;
}

export interface LintedFile {
  /** The path as given on the command line. */
  file: string;
  tables: string[];
  heaviness: Heaviness;
  /** Whether anything breaks old code still running beside the new schema (`unknown` when not analysed). */
  breaksOldCode: Tri;
  /** Only a file proven light and harmless to old code is clean; `unknown` never is. */
  clean: boolean;
  findings: LintFinding[];
}

export interface LintReport {
  postgresVersion: number;
  clean: boolean;
  files: LintedFile[];
}

function renderLintFinding(finding: Finding, rules: readonly RuleMeta[], file: string): LintFinding {
  const meta = rules.find((rule) => rule.id === finding.rule);
  const fix = migrationRule(finding.rule)?.fix;
  return {
    rule: finding.rule,
    // A finding no catalogue knows is an engine bug: shown as breaking rather than hidden.
    level: meta?.level ?? 'breaking',
    line: finding.evidence.line ?? null,
    statement: finding.evidence.statement ?? null,
    message: userPathsIn(meta ? renderFinding(meta, finding).message : `unknown rule ${finding.rule}`, [file]),
    saferAlternative: fix ? renderTemplate(fix, { ...migrationFixParams(finding), ...finding.params }) : null,
  };
}

export function isMigrationPath(file: string): boolean {
  return MIGRATION_EXTENSIONS.some((extension) => file.endsWith(extension));
}

/** Reads every file first, so an unreadable or unsupported input fails the run (exit 2) before any work. */
async function readMigrationFiles(files: readonly string[]): Promise<Array<{ file: string; text: string }>> {
  return Promise.all(
    files.map(async (file) => {
      if (!isMigrationPath(file)) throw new InputError(`${file} is not a migration file (expected ${MIGRATION_EXTENSIONS.join(', ')})`);
      return { file, text: await readInput(file) };
    }),
  );
}

export async function lintMigrationFiles(files: readonly string[], postgresVersion: number): Promise<LintReport> {
  const inputs = await readMigrationFiles(files);
  await loadParser();
  const rules = migrationsStage.rules;
  const newTables = new Set<string>();
  const columnTypes = new Map<string, string>();
  const linted: LintedFile[] = [];
  for (const { file, text } of inputs) {
    let failure: string | undefined;
    try {
      const extracted = await extractMigration(fileSystemPath(file), text, readFileSystemPath);
      const classified = classifyMigration(extracted, { postgresVersion, newTables: new Set(newTables) }, { columnTypes: new Map(columnTypes) });
      for (const table of classified.createdTables) newTables.add(table);
      for (const [column, type] of Object.entries(classified.declaredColumnTypes)) columnTypes.set(column, type);
      const { locksTable, rewritesTable, scansTable } = classified.heaviness;
      const harmful = anyTrue([locksTable, rewritesTable, scansTable, classified.breaksOldCode]);
      linted.push({
        file,
        tables: classified.tables,
        heaviness: classified.heaviness,
        breaksOldCode: classified.breaksOldCode,
        clean: harmful === false,
        findings: classified.findings.map((finding) => renderLintFinding(finding, rules, file)),
      });
      continue;
    } catch (error) {
      failure = describeError(error);
    }
    const notAnalysed: Finding = { rule: 'migration-extraction-failed', params: { file, reason: failure }, evidence: { file } };
    linted.push({ file, tables: [], heaviness: { ...UNKNOWN_HEAVINESS }, breaksOldCode: 'unknown', clean: false, findings: [renderLintFinding(notAnalysed, rules, file)] });
  }
  return { postgresVersion, clean: linted.every((file) => file.clean), files: linted };
}

function flagText(name: string, value: Tri): string {
  return `${name}=${String(value)}`;
}

/** The human report: per file a verdict line, its tables and flags, then each finding with line, statement and the safer way. */
export function renderLintText(report: LintReport, colour: (clean: boolean, text: string) => string = (_clean, text) => text): string[] {
  const lines: string[] = [];
  for (const file of report.files) {
    const { locksTable, rewritesTable, scansTable } = file.heaviness;
    lines.push(`${file.file}: ${colour(file.clean, file.clean ? 'clean' : 'NOT CLEAN')}`);
    lines.push(`  heaviness: ${[flagText('locksTable', locksTable), flagText('rewritesTable', rewritesTable), flagText('scansTable', scansTable)].join(' ')}  breaksOldCode=${String(file.breaksOldCode)}`);
    lines.push(`  tables: ${file.tables.length > 0 ? file.tables.join(', ') : '(none)'}`);
    for (const finding of file.findings) {
      lines.push(`  ${finding.line === null ? '' : `line ${finding.line}: `}${finding.level} ${finding.rule}: ${finding.message}`);
      if (finding.statement !== null) lines.push(`    statement: ${finding.statement}`);
      if (finding.saferAlternative !== null && finding.level !== 'info') lines.push(`    safer: ${finding.saferAlternative}`);
    }
  }
  const notClean = report.files.filter((file) => !file.clean).length;
  lines.push(
    notClean === 0
      ? `${report.files.length} file${report.files.length === 1 ? '' : 's'}: all clean (PostgreSQL ${report.postgresVersion})`
      : `${notClean} of ${report.files.length} file${report.files.length === 1 ? '' : 's'} not clean (heavy, unknown, or breaking old code; PostgreSQL ${report.postgresVersion})`,
  );
  return lines;
}
