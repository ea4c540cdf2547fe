import { type Command, Option } from 'commander';
import { UsageError } from '../core/errors.js';

/**
 * `release-safety bump-check`: in a deployment repository, the upgrade verdict of every container
 * image whose tag a change (a pull request, a Renovate bump) moves between two refs.
 * Exit 0 only when every configured bump is proven rolling-safe and needs no env edit; 1 when any is
 * not (or a configured image's change cannot be read as version → version); 2 on usage and input errors.
 */
interface BumpCheckOptions {
  repo: string;
  base: string;
  head: string;
  config?: string;
  format: 'text' | 'markdown' | 'json';
  json?: boolean;
  offline?: boolean;
  timeout: string;
}

export function registerBumpCheck(program: Command): void {
  program
    .command('bump-check')
    .description('Deployment repository: the upgrade verdict of every image tag changed between two refs (compose, Kubernetes, Helm values, Kustomize)')
    .option('--repo <dir>', 'the deployment repository (a git repository)', '.')
    .requiredOption('--base <ref>', 'the ref before the change (the pull request base)')
    .requiredOption('--head <ref>', 'the ref with the change (the pull request head)')
    .option('--config <file>', `the operator's config with "images" (default: release-safety.config.json at --base)`)
    .addOption(new Option('--format <format>', 'output').choices(['text', 'markdown', 'json']).default('text'))
    .option('--json', 'same as --format json')
    .option('--offline', 'use cached copies of index and artifact URLs only')
    .option('--timeout <ms>', 'give up fetching a URL after this many milliseconds', '15000')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  release-safety bump-check --base origin/main --head HEAD',
        '  release-safety bump-check --repo ../gitops --base main --head renovate/outline-0.x --format markdown',
        '  release-safety bump-check --base "$BASE_SHA" --head "$HEAD_SHA" --config ops/release-safety.config.json --json',
        '',
        'release-safety.config.json (at --base):',
        '  { "images": { "ghcr.io/acme/app": { "index": "https://acme.example/release-safety-index.json",',
        '                                      "tags": "v{version}",',
        '                                      "artifacts": "https://github.com/acme/app/releases/download/v{version}/release-safety.json" } } }',
        '',
        'Exit codes: 0 every configured bump is proven rolling-safe; 1 one is not (or needs an env edit); 2 usage or input error.',
        '',
      ].join('\n'),
    )
    .action(async (options: BumpCheckOptions) => {
      const timeoutMs = Number(options.timeout);
      if (!/^\d+$/.test(options.timeout) || timeoutMs < 1) throw new UsageError(`--timeout "${options.timeout}" is not a positive number of milliseconds`);
      const format = options.json ? 'json' : options.format;
      const [{ runBumpCheck }, { renderBumpCheck }, { bumpCheckJson }] = await Promise.all([
        import('../bump/run.js'),
        import('../bump/render.js'),
        import('../bump/types.js'),
      ]);
      const result = await runBumpCheck({
        repo: options.repo,
        base: options.base,
        head: options.head,
        config: options.config,
        offline: options.offline,
        timeoutMs,
      });
      for (const warning of result.warnings) process.stderr.write(`release-safety: warning: ${warning}\n`);
      process.stdout.write(format === 'json' ? `${JSON.stringify(bumpCheckJson(result), null, 2)}\n` : renderBumpCheck(result, format));
      if (result.exitCode !== 0) {
        const counts = [
          [result.bumps.filter((bump) => !bump.safe).length, 'not proven rolling-safe'],
          [result.bumps.filter((bump) => bump.envFindings.length > 0).length, 'needing an env edit'],
          [
            result.bumps.filter((bump) => bump.safe && bump.envFindings.length === 0 && bump.reasons.some((reason) => reason.startsWith('incomplete: ')))
              .length,
            'with an incomplete env check',
          ],
          [result.notChecked.filter((entry) => entry.blocksSuccess).length, 'configured image change(s) that could not be read as version → version'],
        ] as const;
        const said = counts.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
        process.stderr.write(`release-safety: not every configured bump is proven rolling-safe: ${said.join(', ')}\n`);
        process.exitCode = 1;
      }
    });
}
