import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import type { Level } from '../rules/types.js';
import { chosenFormat, formatOption, maxAnnotationsOption, type OutputFormat } from './output-format.js';
import { oneLine } from '../core/one-line.js';

/**
 * `release-safety diff openapi|mcp <old> <new>`: one engine on two plain files, for pull-request
 * checks and editor hooks (no git range, no release). Exit 0 when nothing reaches `--fail-on`,
 * 1 when something does, 2 when an input cannot be read or parsed (the message names it).
 */

interface DiffOptions {
  json?: boolean;
  format?: OutputFormat;
  maxAnnotations?: number;
  failOn: string;
  verbose?: boolean;
}

type Surface = 'openapi' | 'mcp';

export function registerDiff(program: Command): void {
  const diff = program.command('diff').description('Compare two versions of one API description file (OpenAPI spec or MCP tool snapshot) without git');
  addSurface(diff, 'openapi', 'Compare two OpenAPI 2.0/3.0/3.1 documents (JSON or YAML; references to sibling files are resolved)', 'old spec', 'new spec');
  addSurface(diff, 'mcp', 'Compare two MCP tool snapshots (a tools/list result {"tools": [...]} or a bare array of tools)', 'old snapshot', 'new snapshot');
}

function addSurface(parent: Command, surface: Surface, description: string, oldLabel: string, newLabel: string): void {
  parent
    .command(surface)
    .description(description)
    .argument('<old>', `${oldLabel} (file)`)
    .argument('<new>', `${newLabel} (file)`)
    .option('--json', 'print {"breaking": bool, "findings": [{rule, level, operation, location, message}]} (= --format json)')
    .addOption(formatOption())
    .addOption(maxAnnotationsOption())
    .option('--fail-on <level>', 'exit 1 when a finding is at this level or above: breaking | advisory', 'breaking')
    .option('--verbose', 'also list info findings (text output; --json always has every finding)')
    .action(async (oldPath: string, newPath: string, options: DiffOptions) => {
      const { parseFailOn, reachesFailOn, renderDiffText } = await import('../diff/report.js');
      const failOn = parseFailOn(options.failOn);
      if (failOn === undefined) throw new UsageError(`--fail-on "${options.failOn}" is not a level (expected breaking or advisory)`);
      const report =
        surface === 'openapi'
          ? await (await import('../diff/openapi.js')).diffOpenApiFiles(oldPath, newPath, (warning) => process.stderr.write(`warning: ${oneLine(warning)}\n`))
          : await (await import('../diff/mcp.js')).diffMcpFiles(oldPath, newPath);
      const format = chosenFormat(options);
      const failed = reachesFailOn(report, failOn);
      if (format === 'json') {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      } else if (format !== 'text') {
        const rules =
          surface === 'openapi' ? (await import('../stages/rest/index.js')).restStage.rules : (await import('../stages/mcp/index.js')).mcpStage.rules;
        const [{ ciRunFromDiff }, { packageVersion }] = await Promise.all([import('../ci-formats/from-diff.js'), import('../core/package-info.js')]);
        const run = ciRunFromDiff(report, { surface, file: newPath, rules, failed, toolVersion: packageVersion() });
        process.stdout.write(
          format === 'markdown'
            ? (await import('../ci-formats/markdown.js')).renderMarkdownRun(run)
            : await (await import('../ci-formats/render.js')).renderCiFormat(format, run, { maxAnnotations: options.maxAnnotations }),
        );
      } else {
        const { colorEnabled, createStyle } = await import('./style.js');
        const style = createStyle(colorEnabled());
        const paint: Record<Level, (text: string) => string> = { breaking: style.red, advisory: style.yellow, info: style.dim };
        const lines = renderDiffText(report, { verbose: Boolean(options.verbose), colorLevel: (level, text) => paint[level](text), dim: style.dim });
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (failed) process.exitCode = 1;
    });
}
