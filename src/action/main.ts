import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { describeError } from '../core/errors.js';
import { main } from '../cli/program.js';
import { parseActionInputs, toArgv, type ActionInputs } from './inputs.js';

/** Appends `name=value` to the file the runner reads outputs from (no-op outside Actions). */
function setOutput(name: string, value: string): void {
  const file = process.env.GITHUB_OUTPUT;
  if (file) appendFileSync(file, `${name}=${value.replace(/[\r\n]+/g, ' ')}\n`);
}

function publishGenerateOutputs(inputs: ActionInputs, exitCode: number): void {
  // Exit 2: nothing was written, and a file at `out` is another run's (often the previous release's,
  // committed at the repository root): its verdict must not pass for this release's.
  if (exitCode !== 0 && exitCode !== 1) {
    setOutput('rolling-update-safe', 'unknown');
    setOutput('recommended-strategy', 'Recreate');
    return;
  }
  if (!existsSync(inputs.out)) return;
  const artifact = JSON.parse(readFileSync(inputs.out, 'utf8')) as {
    compatibility: { rollingUpdateSafe: boolean | string; recommendedStrategy: string };
  };
  setOutput('rolling-update-safe', String(artifact.compatibility.rollingUpdateSafe));
  setOutput('recommended-strategy', artifact.compatibility.recommendedStrategy);
  setOutput('artifact', inputs.out);
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (summary && existsSync(inputs.report)) appendFileSync(summary, `${readFileSync(inputs.report, 'utf8')}\n`);
}

export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const inputs = parseActionInputs(env);
  const exitCode = await main(toArgv(inputs));
  setOutput('exit-code', String(exitCode));
  if (inputs.command === 'upgrade-check') setOutput('verdict', exitCode === 0 ? 'SAFE' : 'UNSAFE');
  else publishGenerateOutputs(inputs, exitCode);
  return exitCode;
}

runAction().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // `::error::` makes the runner show the reason on the failed step.
    process.stdout.write(`::error::release-safety: ${describeError(error)}\n`);
    process.exitCode = 2;
  },
);
