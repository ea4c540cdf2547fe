import { describe, expect, it } from 'vitest';
import { renderFinding } from '../../../rules/types.js';
import { findingsOf } from '../../../../test/stages/declarations/run-declarations-stage.js';
import { declaredRequiredStop } from './declared-required-stop.js';

const rule = declaredRequiredStop.meta.id;
const STOP = '// @release-safety breaking required-stop: the tenant backfill must finish first';

describe(rule, () => {
  const cases = [
    {
      name: 'flags a new required stop',
      base: '',
      head: STOP,
      expected: [{ rule, params: { reason: 'the tenant backfill must finish first' }, evidence: { file: 'src/app.ts', line: 1, statement: STOP } }],
    },
    {
      name: 'a plain break that became a required stop is new',
      base: STOP.replace(' required-stop', ''),
      head: STOP,
      expected: [{ rule, params: { reason: 'the tenant backfill must finish first' }, evidence: { file: 'src/app.ts', line: 1, statement: STOP } }],
    },
    { name: 'ignores an existing required stop', base: STOP, head: `${STOP}\nexport {};`, expected: [] },
    { name: 'leaves plain breaks to their own rule', base: '', head: STOP.replace(' required-stop', ''), expected: [] },
  ];
  it.each(cases)('$name', async ({ base, head, expected }) => {
    expect(await findingsOf(rule, base, head)).toEqual(expected);
  });

  it('renders its message', async () => {
    const [finding] = await findingsOf(rule, '', STOP);
    expect(renderFinding(declaredRequiredStop.meta, finding!).message).toMatchInlineSnapshot(`"declared required stop: the tenant backfill must finish first"`);
  });
});
