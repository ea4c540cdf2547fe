import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS, registerCommands } from '../../src/cli/commands.js';

/** A run registers only the command it names (issue 21: defining every command's options costs every run). */
describe('command registration', () => {
  it.each(Object.entries(COMMANDS))('the key %s is the name its register function gives the command', (name, register) => {
    const program = new Command();
    register(program);
    expect(program.commands.map((command) => command.name())).toEqual([name]);
  });

  it('registers only the named command, and every command for help or an unknown name', () => {
    const named = new Command();
    registerCommands(named, ['upgrade-check', '--from', '1.0.0']);
    expect(named.commands.map((command) => command.name())).toEqual(['upgrade-check']);
    for (const argv of [[], ['--help'], ['help'], ['upgrade-chek'], ['toString'], ['__proto__']]) {
      const all = new Command();
      registerCommands(all, argv);
      expect(
        all.commands.map((command) => command.name()),
        argv.join(' '),
      ).toEqual(Object.keys(COMMANDS));
    }
  });

  it('registers none for --version, which commander answers before any command', () => {
    for (const argv of [['--version'], ['-V']]) {
      const none = new Command();
      registerCommands(none, argv);
      expect(none.commands).toEqual([]);
    }
  });
});
