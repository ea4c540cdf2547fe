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
import { registerBumpCheck } from './bump-check.js';

/**
 * Every command registers itself here, one line each (keeps main.ts free of command details).
 * Each `register*` adds one subcommand to the program; the key is the name it registers
 * (test/cli/commands.test.ts checks they agree).
 */
export const COMMANDS: Readonly<Record<string, (program: Command) => void>> = {
  index: registerIndexCommand,
  backfill: registerBackfillCommand,
  validate: registerValidateCommand,
  'upgrade-check': registerUpgradeCheck,
  'upgrade-plan': registerUpgradePlan,
  generate: registerGenerate,
  diff: registerDiff,
  'lint-migrations': registerLintMigrations,
  rules: registerRules,
  init: registerInit,
  trace: registerTrace,
  'bump-check': registerBumpCheck,
};

/** The program's own version flags: commander answers them before it looks at any command. */
const VERSION_FLAGS: ReadonlySet<string> = new Set(['--version', '-V']);

/**
 * Registers the command the command line names, or every command when it names none (help, a
 * mistyped name: commander lists or suggests them all), or none for `--version`. Defining the
 * options of every command costs several milliseconds of every run (commander parses each flag
 * string), issue 21.
 */
export function registerCommands(program: Command, argv: readonly string[] = []): void {
  if (argv[0] !== undefined && VERSION_FLAGS.has(argv[0])) return;
  const named = argv[0] === undefined ? undefined : COMMANDS[argv[0]];
  if (named && Object.hasOwn(COMMANDS, argv[0]!)) {
    named(program);
    return;
  }
  for (const register of Object.values(COMMANDS)) register(program);
}
