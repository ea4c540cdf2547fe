import type { Finding } from '../../../src/rules/types.js';
import { declarationsStage } from '../../../src/stages/declarations/index.js';
import { stageInput } from '../../helpers/stage-input.js';

/** Runs the real declarations stage over two in-memory trees. */
export function runDeclarationsStage(base: Record<string, string>, head: Record<string, string>) {
  const input = stageInput({ base, head });
  return declarationsStage.run(input).then((result) => ({ ...result, reads: input.reads }));
}

/** Findings of one rule for a base/head pair of `src/app.ts` contents (an empty base means the file is new). */
export async function findingsOf(rule: string, base: string, head: string): Promise<Finding[]> {
  const result = await runDeclarationsStage(base === '' ? {} : { 'src/app.ts': base }, { 'src/app.ts': head });
  return result.findings.filter((finding) => finding.rule === rule);
}
