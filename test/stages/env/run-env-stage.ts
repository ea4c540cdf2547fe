import type { EnvSurfaceConfig } from '../../../src/config/types.js';
import type { Finding } from '../../../src/rules/types.js';
import { configStage } from '../../../src/stages/env/index.js';
import { stageInput } from '../../helpers/stage-input.js';

/** The env config most tests use: TypeScript sources under `src/`, one helper, no env files. */
export const SOURCES_ONLY: EnvSurfaceConfig = { sources: ['src/**/*.ts'], helpers: ['getIntegerFromEnvironmentVariable'] };

/** Runs the real env-config stage over two in-memory trees. */
export function runEnvStage(base: Record<string, string>, head: Record<string, string>, env: EnvSurfaceConfig = SOURCES_ONLY) {
  const input = stageInput({ base, head }, { env });
  return configStage.run(input).then((result) => ({ ...result, reads: input.reads }));
}

/** Findings of one rule for a base/head pair of `src/config.ts` contents. */
export async function findingsOf(rule: string, base: string, head: string): Promise<Finding[]> {
  const result = await runEnvStage({ 'src/config.ts': base }, { 'src/config.ts': head });
  return result.findings.filter((finding) => finding.rule === rule);
}
