import type { Command } from 'commander';

/**
 * Every command registers itself here, one line each (keeps main.ts free of command details).
 * Each `register*` adds one subcommand to the program.
 */
export function registerCommands(program: Command): void {
  void program;
}
