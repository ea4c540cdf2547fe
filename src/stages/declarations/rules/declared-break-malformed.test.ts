import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/declarations/run-declarations-stage.js';
import { declaredBreakMalformed } from './declared-break-malformed.js';

const rule = declaredBreakMalformed.meta.id;
const BAD = '-- @release-safety breaking the audit table is rewritten';

describe(rule, () => {
  const cases = [
    {
      name: 'flags a new malformed annotation',
      base: '',
      head: BAD,
      expected: [{ rule, params: { statement: BAD }, evidence: { file: 'src/app.ts', line: 1, statement: BAD } }],
    },
    { name: 'ignores one already in the previous release', base: BAD, head: `select 1;\n${BAD}`, expected: [] },
    { name: 'ignores prose mentions of the marker', base: '', head: '// see the @release-safety docs', expected: [] },
  ];
  it.each(cases)('$name', async ({ base, head, expected }) => {
    expect(await findingsOf(rule, base, head)).toEqual(expected);
  });

  it('renders its message', async () => {
    const [finding] = await findingsOf(rule, '', BAD);
    expect(renderFinding(declaredBreakMalformed.meta, finding!).message).toMatchInlineSnapshot(
      `"malformed @release-safety annotation: -- @release-safety breaking the audit table is rewritten"`,
    );
  });
});
