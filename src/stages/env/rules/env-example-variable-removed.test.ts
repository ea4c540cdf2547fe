import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { runEnvStage, SOURCES_ONLY } from '../../../../test/stages/env/run-env-stage.js';
import { envExampleVariableRemoved } from './env-example-variable-removed.js';

const rule = envExampleVariableRemoved.meta.id;
const WITH_EXAMPLE = { ...SOURCES_ONLY, envFiles: ['.env.example'] };
const CODE = "export const port = process.env.PORT || '3000';";

async function findings(baseExample: string, headExample: string) {
  const result = await runEnvStage(
    { 'src/config.ts': CODE, '.env.example': baseExample },
    { 'src/config.ts': CODE, '.env.example': headExample },
    WITH_EXAMPLE,
  );
  return { changes: result.section.changes, findings: result.findings.filter((finding) => finding.rule === rule) };
}

describe(rule, () => {
  it('a name only the example listed, gone from it: advisory, no config change', async () => {
    const { changes, findings: found } = await findings('PORT=3000\nSMTP_HOST=mail.example.com', 'PORT=3000');
    expect(changes).toEqual([]);
    expect(found).toEqual([
      { rule, params: { name: 'SMTP_HOST', file: '.env.example' }, evidence: { file: '.env.example', line: 2, statement: 'SMTP_HOST=mail.example.com' } },
    ]);
  });

  it('a name the code still reads, gone from the example: nothing at all', async () => {
    expect(await findings('PORT=3000', '')).toEqual({ changes: [], findings: [] });
  });

  it('renders its message', async () => {
    const {
      findings: [finding],
    } = await findings('LEGACY=1', '');
    expect(renderFinding(envExampleVariableRemoved.meta, finding!).message).toMatchInlineSnapshot(
      `"environment variable LEGACY is no longer listed in .env.example (no configured source reads it)"`,
    );
  });
});
