import type { Command } from 'commander';
import { registerDiff } from './diff.js';
import { registerLintMigrations } from './lint-migrations.js';
import { registerRules } from './rules.js';
import { registerIndexCommand } from './index-command.js';
import { registerBackfillCommand } from './backfill.js';
import { registerValidateCommand } from './validate.js';
import { registerUpgradeCheck } from './upgrade-check.js';
import { registerGenerate } from './generate.js';
import { registerInit } from './init.js';
import { registerUpgradePlan } from './upgrade-plan.js';
import { registerTrace } from './trace.js';

/**
 * Every command registers itself here, one line each (keeps main.ts free of command details).
 * Each `register*` adds one subcommand to the program.
 */
export function registerCommands(program: Command): void {
  registerIndexCommand(program);
  registerBackfillCommand(program);
  registerValidateCommand(program);
  registerUpgradeCheck(program);
  registerUpgradePlan(program);
  registerGenerate(program);
  registerDiff(program);
  registerLintMigrations(program);
  registerRules(program);
  registerInit(program);
  registerTrace(program);
}
