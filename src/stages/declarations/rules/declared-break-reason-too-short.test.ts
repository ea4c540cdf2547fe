import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/declarations/run-declarations-stage.js';
import { declaredBreakReasonTooShort } from './declared-break-reason-too-short.js';

const rule = declaredBreakReasonTooShort.meta.id;

describe(rule, () => {
  const cases = [
    {
      name: 'flags a placeholder reason',
      head: '// @release-safety breaking: TODO',
      expected: [
        {
          rule,
          params: { reason: 'TODO', length: 4, minimum: 20, requiredStop: false },
          evidence: { file: 'src/app.ts', line: 1, statement: '// @release-safety breaking: TODO' },
        },
      ],
    },
    {
      name: 'flags an empty required-stop reason',
      head: '# @release-safety breaking required-stop:',
      expected: [
        {
          rule,
          params: { reason: '', length: 0, minimum: 20, requiredStop: true },
          evidence: { file: 'src/app.ts', line: 1, statement: '# @release-safety breaking required-stop:' },
        },
      ],
    },
    {
      name: 'flags 19 characters',
      head: '// @release-safety breaking: 1234567890123456789',
      expected: [
        {
          rule,
          params: { reason: '1234567890123456789', length: 19, minimum: 20, requiredStop: false },
          evidence: { file: 'src/app.ts', line: 1, statement: '// @release-safety breaking: 1234567890123456789' },
        },
      ],
    },
    { name: 'accepts 20 characters, blanks not counted', head: '// @release-safety breaking:    12345678901234567890   ', expected: [] },
  ];
  it.each(cases)('$name', async ({ head, expected }) => {
    expect(await findingsOf(rule, '', head)).toEqual(expected);
  });

  it('renders its message', async () => {
    const [finding] = await findingsOf(rule, '', '/* @release-safety breaking: see PR */');
    expect(renderFinding(declaredBreakReasonTooShort.meta, finding!).message).toMatchInlineSnapshot(
      `"declared break reason "see PR" is 6 characters; at least 20 are required"`,
    );
  });
});
