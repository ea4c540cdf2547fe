import { describe, expect, test } from 'vitest';
import { runStage } from '../contract.js';
import { memoryStageInput } from '../memory-input.js';
import { migrationsStage } from './index.js';
import { migrationRule, withFormatFixParams } from './catalogue.js';
import { migrationFixParams } from './rules/rule.js';
import { renderTemplate } from '../../rules/types.js';

/**
 * `{noTransaction}` in a fix (require-concurrent-index-creation and the other CONCURRENTLY rules) is
 * worded for the runner of the migration's format, not knex's for every script file (issue 31).
 */

const finding = {
  rule: 'require-concurrent-index-creation',
  params: { table: 'users', index: 'users_email_idx' },
  evidence: { file: 'migrations/1706745700000_index.ts', line: 3 },
};

describe('fix texts per migration format', () => {
  test.each([
    ['node-pg-migrate', 'pgm.noTransaction()'],
    ['typeorm', 'transaction = false'],
    ['mikro-orm', 'isTransactional()'],
    ['kysely', 'disableTransactions: true'],
    ['goose', '-- +goose NO TRANSACTION'],
    ['dbmate', 'transaction:false'],
    ['knex', 'exports.config = { transaction: false }'],
  ] as const)('%s', (format, switchText) => {
    const text = migrationFixParams(finding, format).noTransaction;
    expect(text).toContain(switchText);
    if (format !== 'knex') expect(text).not.toContain('knex');
  });

  test('without a format, a script file keeps the knex wording (rule book examples)', () => {
    expect(migrationFixParams(finding).noTransaction).toContain('knex');
    expect(migrationFixParams({ ...finding, evidence: { file: 'm/001.sql' } }).noTransaction).toBe('a migration your runner does not wrap in a transaction');
  });

  test('withFormatFixParams adds the text only to findings whose fix uses it', () => {
    const fix = migrationRule('require-concurrent-index-creation')!.fix!;
    const worded = withFormatFixParams(finding, 'node-pg-migrate');
    expect(renderTemplate(fix, worded.params)).toContain('pgm.noTransaction()');
    const other = { rule: 'ban-drop-column', params: { table: 'users', column: 'a' }, evidence: {} };
    expect(withFormatFixParams(other, 'node-pg-migrate')).toBe(other);
  });

  test('the migrations stage words the finding of a node-pg-migrate file for node-pg-migrate', async () => {
    const up = (body: string) => `exports.up = (pgm) => {\n${body}\n};\n`;
    const base = { 'migrations/1706745600000_users.js': up("  pgm.sql('CREATE TABLE users (id int, email text)');") };
    const head = { ...base, 'migrations/1706745700000_index.js': up("  pgm.createIndex('users', 'email');") };
    const result = await runStage(
      migrationsStage,
      memoryStageInput({ base, head }, { migrations: [{ dir: 'migrations', edition: 'core', format: 'node-pg-migrate' }] }),
    );
    const found = result.findings.find((f) => f.rule === 'require-concurrent-index-creation');
    expect(found?.params.noTransaction).toContain('pgm.noTransaction()');
  });
});
