import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/declarations/run-declarations-stage.js';
import { declaredBreak } from './declared-break.js';

const rule = declaredBreak.meta.id;
const LINE = '// @release-safety breaking: websocket messages use the new envelope';

describe(rule, () => {
  const cases = [
    {
      name: 'flags a new annotation',
      base: 'export {};',
      head: `export {};\n${LINE}`,
      expected: [{ rule, params: { reason: 'websocket messages use the new envelope' }, evidence: { file: 'src/app.ts', line: 2, statement: LINE } }],
    },
    { name: 'ignores an annotation already in the previous release', base: LINE, head: `export const moved = 1;\n${LINE}`, expected: [] },
    {
      name: 'flags an edited reason as new',
      base: LINE,
      head: LINE.replace('new envelope', 'new envelope v3'),
      expected: [
        {
          rule,
          params: { reason: 'websocket messages use the new envelope v3' },
          evidence: { file: 'src/app.ts', line: 1, statement: LINE.replace('new envelope', 'new envelope v3') },
        },
      ],
    },
    {
      name: 'leaves required stops to their own rule',
      base: '',
      head: '// @release-safety breaking required-stop: websocket messages are re-keyed',
      expected: [],
    },
  ];
  it.each(cases)('$name', async ({ base, head, expected }) => {
    expect(await findingsOf(rule, base, head)).toEqual(expected);
  });

  it('renders its message', async () => {
    const [finding] = await findingsOf(rule, '', LINE);
    expect(renderFinding(declaredBreak.meta, finding!).message).toMatchInlineSnapshot(`"declared break: websocket messages use the new envelope"`);
  });
});
