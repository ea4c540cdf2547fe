import type { Heaviness } from '../artifact/types.js';
import { describeError, InputError } from '../core/errors.js';
import { anyTrue, type Tri } from '../core/tristate.js';
import { renderFinding, renderTemplate, shownLevel, type Finding, type Level, type RuleMeta } from '../rules/types.js';
import { migrationRule } from '../stages/migrations/catalogue.js';
import { migrationFixParams } from '../stages/migrations/rules/rule.js';
import { classifyMigration } from '../stages/migrations/classify.js';
import { MIGRATION_EXTENSIONS } from '../stages/migrations/folders.js';
import { detectFormat, sampleCandidates, unrecognisedFolderNote } from '../stages/migrations/formats/registry.js';
import type { MigrationFormat, MigrationFormatSetting } from '../stages/migrations/formats/types.js';
import { migrationsStage } from '../stages/migrations/index.js';
import { fileFinding } from '../stages/migrations/file-finding.js';
import { loadParser, parseStatements } from '../stages/migrations/sql.js';
import { UNKNOWN_HEAVINESS } from '../stages/migrations/types.js';
import { fileSystemPath, readFileSystemPath, userPathsIn } from '../core/file-system-paths.js';
import { firstLine, readInput } from '../core/input-files.js';
import { emptySchema, foldReleasedMigration, schemaOptions, type ReleasedSchema } from '../stages/migrations/released-schema.js';
import { MigrationChain } from '../stages/migrations/chain.js';
import { migrationFormat } from '../stages/migrations/formats/registry.js';
import { compareText } from '../core/compare-text.js';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * `lint-migrations`: the migrations stage's extraction and classification on files named on the
 * command line, without git. The files are taken as one release added on top of existing tables,
 * in the order given: a table created by an earlier file is new (empty) for the later ones, and
 * column types declared earlier are known later, exactly as the stage chains a release's files.
 */

export interface LintFinding {
  rule: string;
  /** `breaking` / `unknown` when the finding makes the file not clean (heavy, or not proven light), else the catalogue level. */
  level: Level | 'unknown';
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

function renderLintFinding(finding: Finding, rules: readonly RuleMeta[], file: string, format?: MigrationFormat): LintFinding {
  const meta = rules.find((rule) => rule.id === finding.rule);
  const fix = migrationRule(finding.rule)?.fix;
  return {
    rule: finding.rule,
    // A finding no catalogue knows is an engine bug: shown as breaking rather than hidden.
    level: meta ? shownLevel(finding, meta.level) : 'breaking',
    line: finding.evidence.line ?? null,
    statement: finding.evidence.statement ?? null,
    message: userPathsIn(meta ? renderFinding(meta, finding).message : `unknown rule ${finding.rule}`, [file]),
    saferAlternative: fix ? renderTemplate(fix, { ...migrationFixParams(finding, format?.id), ...finding.params }) : null,
  };
}

export function isMigrationPath(file: string): boolean {
  return MIGRATION_EXTENSIONS.some((extension) => file.endsWith(extension));
}

/** A folder's files on disk relative to it, itself and one sub-folder down (as `folders.ts` sees a git tree). */
async function folderListing(dir: string): Promise<string[]> {
  const files: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile()) files.push(entry.name);
    else if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) {
      for (const inner of await readdir(join(dir, entry.name), { withFileTypes: true }).catch(() => []))
        if (inner.isFile()) files.push(`${entry.name}/${inner.name}`);
    }
  }
  return files;
}

/**
 * The format of a file named on the command line, found as `generate` finds a folder's: the file's
 * own folder (or, for one-folder-per-migration layouts, its parent's) is listed and a few of its
 * files sniffed. The format must take the file for a forward migration; a down file is an input error.
 */
async function formatOfFile(file: string, text: string, setting: MigrationFormatSetting): Promise<{ format?: MigrationFormat; note?: string }> {
  const absolute = resolve(file);
  const candidates = [{ dir: dirname(absolute), relative: basename(absolute) }];
  // One folder per migration (Prisma): the migrations folder is the parent's.
  if (basename(absolute) === 'migration.sql')
    candidates.push({ dir: dirname(dirname(absolute)), relative: `${basename(dirname(absolute))}/${basename(absolute)}` });
  let firstListing: string[] = [];
  let rejectedBy: MigrationFormat | undefined;
  for (const [index, candidate] of candidates.entries()) {
    const files = await folderListing(candidate.dir);
    if (index === 0) firstListing = files;
    const samples = new Map<string, string>([[candidate.relative, text]]);
    for (const sample of sampleCandidates(files)) {
      if (!samples.has(sample)) samples.set(sample, await readInput(join(candidate.dir, sample)).catch(() => ''));
    }
    const format = detectFormat(setting, files.includes(candidate.relative) ? files : [...files, candidate.relative], samples);
    if (format?.migrationName(candidate.relative) !== undefined) return { format };
    rejectedBy ??= format;
  }
  if (rejectedBy)
    throw new InputError(`${file} is not a forward migration of the ${rejectedBy.label} format it sits in (down, undo and helper files are never run forward)`);
  return { note: unrecognisedFolderNote(dirname(file), firstListing) };
}

/** Reads every file first, so an unreadable or unsupported input fails the run (exit 2) before any work. */
async function readMigrationFiles(
  files: readonly string[],
  setting: MigrationFormatSetting,
): Promise<Array<{ file: string; text: string; format?: MigrationFormat; note?: string }>> {
  return Promise.all(
    files.map(async (file) => {
      if (!isMigrationPath(file)) throw new InputError(`${file} is not a migration file (expected ${MIGRATION_EXTENSIONS.join(', ')})`);
      const text = await readInput(file);
      return { file, text, ...(await formatOfFile(file, text, setting)) };
    }),
  );
}

/** What the linted files run on top of: a released migrations folder and/or a plain SQL schema (`--released`, `--schema`). */
export interface ReleasedInputs {
  /** A folder of released migrations, read in file order with its own format (the files linted are skipped in it). */
  releasedDir?: string;
  /** Plain PostgreSQL DDL (e.g. `pg_dump --schema-only`), folded as one released migration. */
  schemaFile?: string;
}

/**
 * The schema the released inputs leave, folded exactly as the migrations stage folds released
 * migrations (released-schema.ts): the `--schema` file first, then the released folder's
 * migrations in name order. A released migration that cannot be read is folded as unreadable
 * (what it may have changed is forgotten, no table is proven absent), never skipped silently; a
 * `--schema` file or `--released` folder that cannot be read at all is an input error (exit 2).
 */
async function foldReleasedInputs(
  released: ReleasedInputs,
  linted: ReadonlySet<string>,
  setting: MigrationFormatSetting,
  postgresVersion: number,
): Promise<ReleasedSchema> {
  const schema = emptySchema();
  const fold = async (file: string, text: string, format: MigrationFormat, strict = false): Promise<void> => {
    const extracted = await format.extract(fileSystemPath(file), text, readFileSystemPath);
    if (strict) {
      // A schema file is plain DDL the user wrote or dumped: one that does not parse is a mistake, not an unknown.
      const [unread] = extracted.unresolved;
      if (unread !== undefined) throw new Error(`line ${unread.line}: ${unread.reason}`);
      if (extracted.statements.length === 0) throw new Error('it holds no SQL statement');
      for (const statement of extracted.statements) parseStatements(statement.sql, statement.line);
    }
    const classified = classifyMigration(extracted, { postgresVersion, existingTables: new Set() }, schemaOptions(schema));
    foldReleasedMigration(schema, classified);
    schema.tablesComplete &&= extracted.unresolved.length === 0;
  };
  if (released.schemaFile !== undefined) {
    const file = released.schemaFile;
    const text = await readInput(file);
    try {
      await fold(file, text, migrationFormat('sql'), true);
    } catch (error) {
      throw new InputError(`--schema ${file} is not PostgreSQL DDL the grammar reads: ${firstLine(describeError(error))}`);
    }
  }
  if (released.releasedDir !== undefined) {
    const dir = released.releasedDir;
    const isDir = await stat(dir).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (!isDir) throw new InputError(`--released ${dir} is not a folder`);
    const files = await folderListing(dir);
    const samples = new Map<string, string>();
    for (const sample of sampleCandidates(files)) samples.set(sample, await readInput(join(dir, sample)).catch(() => ''));
    const format = detectFormat(setting, files, samples);
    if (!format) throw new InputError(`--released ${dir}: ${unrecognisedFolderNote(dir, files)}`);
    const migrations = files
      .flatMap((relative) => {
        const name = format.migrationName(relative);
        return name === undefined || linted.has(resolve(dir, relative)) ? [] : [{ name, relative }];
      })
      .sort((a, b) => compareText(a.name, b.name) || compareText(a.relative, b.relative));
    for (const { relative } of migrations) {
      try {
        await fold(join(dir, relative), await readInput(join(dir, relative)), format);
      } catch {
        // Unreadable: it may have created a table, added an index or dropped a check (fail closed).
        foldReleasedMigration(schema, undefined);
        schema.tablesComplete = false;
      }
    }
  }
  return schema;
}

export async function lintMigrationFiles(
  files: readonly string[],
  postgresVersion: number,
  setting: MigrationFormatSetting = 'auto',
  released: ReleasedInputs = {},
): Promise<LintReport> {
  const inputs = await readMigrationFiles(files, setting);
  await loadParser();
  const hasReleased = released.releasedDir !== undefined || released.schemaFile !== undefined;
  const schema = hasReleased ? await foldReleasedInputs(released, new Set(files.map((file) => resolve(file))), setting, postgresVersion) : undefined;
  const rules = migrationsStage.rules;
  // What the migrations before each file leave: the released schema, then each linted file in turn.
  const chain = new MigrationChain(postgresVersion, schema);
  const linted: LintedFile[] = [];
  for (const { file, text, format, note } of inputs) {
    let failure: string | undefined;
    try {
      if (!format) throw new Error(note ?? 'no supported migration format recognised');
      const extracted = await format.extract(fileSystemPath(file), text, readFileSystemPath);
      // Tables are proven absent only when a released schema was given and read completely.
      const classified = chain.next(extracted);
      const { locksTable, rewritesTable, scansTable } = classified.heaviness;
      const harmful = anyTrue([locksTable, rewritesTable, scansTable, classified.breaksOldCode]);
      linted.push({
        file,
        tables: classified.tables,
        heaviness: classified.heaviness,
        breaksOldCode: classified.breaksOldCode,
        clean: harmful === false,
        findings: classified.findings.map((finding) => renderLintFinding(finding, rules, file, format)),
      });
      continue;
    } catch (error) {
      failure = describeError(error);
    }
    // What an unreadable file changed is not known to the files after it.
    chain.unreadable();
    const notAnalysed = fileFinding('migration-extraction-failed', file, { reason: failure });
    linted.push({
      file,
      tables: [],
      heaviness: { ...UNKNOWN_HEAVINESS },
      breaksOldCode: 'unknown',
      clean: false,
      findings: [renderLintFinding(notAnalysed, rules, file)],
    });
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
    lines.push(
      `  heaviness: ${[flagText('locksTable', locksTable), flagText('rewritesTable', rewritesTable), flagText('scansTable', scansTable)].join(' ')}  breaksOldCode=${String(file.breaksOldCode)}`,
    );
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
