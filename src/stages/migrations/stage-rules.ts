import type { RuleMeta } from '../../rules/types.js';

/**
 * Rules of the migrations stage itself (the file-set diff), as opposed to the SQL rules of the
 * classifier's catalogue. Data only: loaded at CLI start-up without the parsers.
 */
export const MIGRATION_FILE_RULES = [
  {
    id: 'released-migration-modified',
    surface: 'migrations',
    level: 'breaking',
    summary: 'A migration that was already released was edited.',
    message: '{file}: released migration edited ({change}) — databases that already ran it will not run it again',
    why: 'The migration runner records migrations by name and never re-runs one. Databases upgraded from an earlier release keep the old version of the schema while fresh installs get the new one, and the new code may depend on the difference. Ship the change as a new migration.',
    docs: 'migrations.md#released-migration-modified',
  },
  {
    id: 'released-migration-reformatted',
    surface: 'migrations',
    level: 'info',
    summary: 'A released migration was edited without changing the SQL it runs.',
    message: '{file}: released migration edited, but it sends the same statements as before',
    why: 'Comments, formatting or refactoring that leave every statement identical (at both refs, imports included) cannot make upgraded databases differ from fresh installs.',
    docs: 'migrations.md#released-migration-reformatted',
  },
  {
    id: 'released-migration-deleted',
    surface: 'migrations',
    level: 'breaking',
    summary: 'A migration that was already released was deleted or renamed.',
    message: '{file}: released migration deleted — databases that ran it record a migration the new release no longer has',
    why: 'knex refuses to migrate when a migration recorded in its table is missing from the folder ("migration directory is corrupt"), so the new version cannot start on upgraded databases; a rename is a delete plus an add, and the added copy runs again.',
    docs: 'migrations.md#released-migration-deleted',
  },
  {
    id: 'migration-extraction-failed',
    surface: 'migrations',
    level: 'advisory',
    summary: 'A migration file could not be read or analysed at all.',
    message: '{file}: not analysed — {reason}',
    why: 'Nothing about the file is known, so its heaviness is unknown on every flag and the release cannot be proven rolling-safe.',
    docs: 'migrations.md#migration-extraction-failed',
  },
] as const satisfies readonly RuleMeta[];

export type MigrationFileRuleId = (typeof MIGRATION_FILE_RULES)[number]['id'];
