import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { DEFAULT_POSTGRES_VERSION } from '../config/types.js';
import { MIGRATION_FORMAT_IDS, type MigrationFormatSetting } from '../stages/migrations/formats/types.js';
import { chosenFormat, formatOption, maxAnnotationsOption, type OutputFormat } from './output-format.js';

/**
 * `release-safety lint-migrations <file…>`: classify migration files of any supported format (`--migration-format`, auto-detected by default)
 * without git, as if added in one release on existing tables. Exit 0 only when every file is
 * proven light and harmless to old code; 1 when any is heavy, unknown or breaks old code;
 * 2 when a file cannot be read or is not a migration file. `--released <dir>` / `--schema <file.sql>` give
 * the released schema the files run on top of (folded as the migrations stage folds released migrations).
 */

interface LintOptions {
  postgresVersion: string;
  migrationFormat: string;
  json?: boolean;
  format?: OutputFormat;
  maxAnnotations?: number;
  released?: string;
  schema?: string;
}

export function registerLintMigrations(program: Command): void {
  program
    .command('lint-migrations')
    .description(
      'Classify migration files (SQL, Prisma, golang-migrate, goose, dbmate, Flyway, drizzle, knex, TypeORM, MikroORM, Sequelize, kysely, node-pg-migrate, SQL run from TypeScript scripts; see README) as one release on existing tables: heaviness, tables, findings',
    )
    .argument('<files...>', 'migration files, in the order they run (tables created by an earlier file are new for later ones)')
    .option('--postgres-version <major>', 'target PostgreSQL major version', String(DEFAULT_POSTGRES_VERSION))
    .option(
      '--migration-format <format>',
      `migration format of the files: auto (recognised from each file's folder) or one of ${MIGRATION_FORMAT_IDS.join(', ')}`,
      'auto',
    )
    .option(
      '--released <dir>',
      'folder of the released migrations (any supported format, read in file order; the files linted are skipped in it): what the files run on top of, so existing tables, column types, indexes and checks are known',
    )
    .option('--schema <file.sql>', 'plain PostgreSQL DDL of the released schema (e.g. pg_dump --schema-only), folded before --released')
    .option('--json', 'print {clean, postgresVersion, files: [{file, tables, heaviness, breaksOldCode, clean, findings}]} (= --format json)')
    .addOption(formatOption())
    .addOption(maxAnnotationsOption())
    .addHelpText(
      'after',
      `
Without --released/--schema the files are judged on tables nothing is known of: a type change is
unknown when the column's old type is not stated. In a pull request, lint only the files it adds:
  release-safety lint-migrations --released db/migrations db/migrations/20260101_widen_name.sql
  release-safety lint-migrations --schema schema.sql db/migrations/20260101_widen_name.sql`,
    )
    .action(async (files: string[], options: LintOptions) => {
      const postgresVersion = Number(options.postgresVersion);
      if (!/^\d+$/.test(options.postgresVersion) || postgresVersion < 9 || postgresVersion > 99) {
        throw new UsageError(`--postgres-version "${options.postgresVersion}" is not a PostgreSQL major version (expected e.g. 16)`);
      }
      const migrationFormat = options.migrationFormat;
      if (migrationFormat !== 'auto' && !(MIGRATION_FORMAT_IDS as readonly string[]).includes(migrationFormat)) {
        throw new UsageError(
          `--migration-format "${migrationFormat}" is not a supported migration format (expected auto or one of ${MIGRATION_FORMAT_IDS.join(', ')})`,
        );
      }
      const { lintMigrationFiles, renderLintText } = await import('../diff/lint-migrations.js');
      const report = await lintMigrationFiles(files, postgresVersion, migrationFormat as MigrationFormatSetting, {
        ...(options.released === undefined ? {} : { releasedDir: options.released }),
        ...(options.schema === undefined ? {} : { schemaFile: options.schema }),
      });
      const format = chosenFormat(options);
      if (format === 'json') {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      } else if (format !== 'text') {
        const [{ ciRunFromLint }, { packageVersion }, { migrationsStage }] = await Promise.all([
          import('../ci-formats/from-lint.js'),
          import('../core/package-info.js'),
          import('../stages/migrations/index.js'),
        ]);
        const run = ciRunFromLint(report, migrationsStage.rules, packageVersion());
        process.stdout.write(
          format === 'markdown'
            ? (await import('../ci-formats/markdown.js')).renderMarkdownRun(run)
            : await (await import('../ci-formats/render.js')).renderCiFormat(format, run, { maxAnnotations: options.maxAnnotations }),
        );
      } else {
        const { colorEnabled, createStyle } = await import('./style.js');
        const style = createStyle(colorEnabled());
        process.stdout.write(`${renderLintText(report, (clean, text) => (clean ? style.green(text) : style.red(text))).join('\n')}\n`);
      }
      if (!report.clean) process.exitCode = 1;
    });
}
