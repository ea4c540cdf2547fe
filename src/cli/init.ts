import type { Command } from 'commander';

/**
 * `release-safety init`: detects where the service keeps its migrations, API documents, routes,
 * MCP tools and env config, and writes a config that `generate` can use as it is.
 */
interface InitOptions {
  repo: string;
  out?: string;
  print?: boolean;
  force?: boolean;
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('Detect the repository layout and write release-safety.config.json (never overwrites without --force)')
    .option('--repo <dir>', 'the service repository (a git working tree)', '.')
    .option('--out <file>', 'where to write the config (default: release-safety.config.json in --repo)')
    .option('--print', 'print the config on stdout instead of writing it')
    .option('--force', 'overwrite an existing config')
    .addHelpText(
      'after',
      '\nExamples:\n  release-safety init                      # writes ./release-safety.config.json and explains each surface\n  release-safety init --repo ../service --print\n',
    )
    .action(async (options: InitOptions) => {
      const { proposeConfig, defaultConfigPath, refuseOverwrite } = await import('../init/run-init.js');
      const out = options.out ?? defaultConfigPath(options.repo);
      if (!options.print) refuseOverwrite(out, Boolean(options.force));
      const { config, explanation } = await proposeConfig(options.repo);
      const text = `${JSON.stringify(config, null, 2)}\n`;
      if (options.print) {
        process.stdout.write(text);
        process.stderr.write(`${explanation.map((line) => `# ${line}`).join('\n')}\n`);
        return;
      }
      const { writeFilesAtomic } = await import('../artifact/write.js');
      writeFilesAtomic([{ path: out, text }]);
      process.stdout.write(`Wrote ${out}\n${explanation.map((line) => `  ${line}`).join('\n')}\n`);
      process.stdout.write('Next: release-safety generate --from <previous release tag> --to WORKTREE --version <next version>\n');
    });
}
