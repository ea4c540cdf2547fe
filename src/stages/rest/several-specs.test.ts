import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stageInput } from '../../../test/helpers/stage-input.js';
import { restStage } from './index.js';

/** Config `openapi` as a list (a monorepo with several APIs): each document diffed on its own, into one `api.rest`. */

const seed = (variant: string): string => readFileSync(`fixtures/rest/seed/${variant}.yaml`, 'utf8');

describe('REST stage over several documents', () => {
  it('diffs each document and reports the findings of all, each citing its document', async () => {
    const result = await restStage.run(
      stageInput(
        {
          base: { 'apps/a/openapi.yaml': seed('base'), 'apps/b/openapi.yaml': seed('base') },
          head: { 'apps/a/openapi.yaml': seed('base'), 'apps/b/openapi.yaml': seed('org-users-removed') },
        },
        { openapi: ['apps/a/openapi.yaml', 'apps/b/openapi.yaml'] },
      ),
    );
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes).toEqual(['GET /api/v1/org/users — operation removed (no operation left on this path)']);
    expect(result.findings.map((finding) => finding.evidence.file)).toEqual(['apps/b/openapi.yaml']);
  });

  it('keeps a proven break when another document cannot be read, and stays unchecked', async () => {
    const result = await restStage.run(
      stageInput(
        { base: { 'a.yaml': seed('base'), 'b.yaml': seed('base') }, head: { 'a.yaml': 'openapi: [unclosed', 'b.yaml': seed('org-users-removed') } },
        { openapi: ['a.yaml', 'b.yaml'] },
      ),
    );
    expect(result.verdict).toEqual({ checked: false, breaking: true });
    expect(result.section).toMatchObject({ checked: false, breaking: true, breakingCount: 1 });
    expect(result.notes.join('\n')).toContain('a.yaml');
  });

  it('is unknown when one document is unreadable and the others have no break', async () => {
    const result = await restStage.run(
      stageInput({ base: { 'a.yaml': seed('base'), 'b.yaml': seed('base') }, head: { 'a.yaml': seed('base') } }, { openapi: ['a.yaml', 'b.yaml'] }),
    );
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['REST spec b.yaml (config "openapi") does not exist at the head ref']);
  });
});
