import { describe, expect, it } from 'vitest';
import { planBackfillPairs } from '../../src/index/backfill-plan.js';
import { splitContiguous } from '../../src/index/backfill.js';
import { failClosedArtifact } from '../../src/index/fail-closed.js';
import { createProgress, renderBar } from '../../src/index/progress.js';
import { chooseReleaseTags } from '../../src/index/load.js';
import { validateArtifact } from '../../src/artifact/validate.js';

const tag = (name: string, commit = `c-${name}`) => ({ tag: name, version: name.replace(/^v/, ''), commit, date: '2026-01-01T00:00:00+00:00' });

describe('planBackfillPairs', () => {
  const tags = [tag('1.10.0'), tag('1.2.0'), tag('v1.9.0'), tag('1.0.0'), tag('2.0.0')];

  it('pairs consecutive release tags in numeric order, from --from (a base only) to --to', () => {
    expect(planBackfillPairs(tags, '1.2.0', 'v1.10.0').map((pair) => `${pair.base.tag}→${pair.head.tag}`)).toEqual(['1.2.0→v1.9.0', 'v1.9.0→1.10.0']);
  });

  it.each([
    ['1.3.0', '2.0.0', '--from 1.3.0: no release tag 1.3.0 (or v1.3.0) in the repository'],
    ['1.0.0', '3.0.0', '--to 3.0.0: no release tag 3.0.0 (or v3.0.0) in the repository'],
    ['2.0.0', '2.0.0', '--from 2.0.0 must be older than --to 2.0.0'],
    ['1.0', '2.0.0', '--from "1.0" is not a release version'],
  ])('refuses --from %s --to %s', (from, to, message) => {
    expect(() => planBackfillPairs(tags, from, to)).toThrow(message);
  });
});

describe('chooseReleaseTags', () => {
  it('keeps one tag per version, prefers the plain name, reports names on different commits', () => {
    const choice = chooseReleaseTags([tag('v1.0.0', 'a'), tag('1.0.0', 'b'), tag('v1.1.0', 'c'), tag('v1.2.0', 'd'), tag('1.2.0', 'd')]);
    expect(choice.tags.map((chosen) => [chosen.tag, chosen.date])).toEqual([
      ['1.0.0', '2026-01-01T00:00:00Z'],
      ['v1.1.0', '2026-01-01T00:00:00Z'],
      ['1.2.0', '2026-01-01T00:00:00Z'],
    ]);
    expect(choice.notes).toEqual(['tags v1.0.0 and 1.0.0 name different commits; used 1.0.0']);
  });
});

describe('splitContiguous', () => {
  it.each([
    [
      5,
      2,
      [
        [0, 1, 2],
        [3, 4],
      ],
    ],
    [2, 4, [[0], [1]]],
    [
      6,
      3,
      [
        [0, 1],
        [2, 3],
        [4, 5],
      ],
    ],
    [0, 2, []],
  ])('splits %i items into at most %i runs of neighbours', (count, parts, expected) => {
    const chunks = splitContiguous([...Array(count).keys()], parts);
    expect(chunks).toEqual(expected);
  });
});

describe('fail-closed artifact', () => {
  it('is schema-valid and claims nothing', () => {
    const artifact = failClosedArtifact('1.3.0', '1.2.0', '2026-01-01T00:00:00Z');
    expect(validateArtifact(artifact)).toEqual({ valid: true, errors: [] });
    expect(artifact.compatibility).toEqual({ rollingUpdateSafe: 'unknown', recommendedStrategy: 'Recreate' });
    expect([artifact.api.rest.checked, artifact.api.mcp.checked, artifact.config.checked, artifact.migrations.present]).toEqual([
      false,
      false,
      false,
      'unknown',
    ]);
  });
});

describe('progress', () => {
  it('renders a bar', () => {
    expect(renderBar(0, 4, 8)).toBe('[........] 0/4');
    expect(renderBar(3, 4, 8)).toBe('[######..] 3/4');
    expect(renderBar(12, 120, 10)).toBe('[#.........]  12/120');
  });

  it('prints plain lines when not on a terminal, and redraws one line on a terminal', () => {
    const plain: string[] = [];
    const progress = createProgress({ write: (text: string) => plain.push(text) } as unknown as NodeJS.WritableStream);
    progress.start(1, 2, 1);
    progress.warn('something');
    progress.result({ version: '1.1.0', previousVersion: '1.0.0', status: 'failed', rollingUpdateSafe: 'unknown', ms: 12, error: 'x' });
    progress.finish();
    expect(plain).toEqual([
      'backfill: 1 release(s) to generate with 1 job(s), 2 already present (skipped; --force redoes them)\n',
      'warning: something\n',
      '[1/1] 1.1.0 (from 1.0.0): unknown (failed closed), 12 ms\n',
    ]);
    const drawn: string[] = [];
    let now = 0;
    const tty = createProgress({ isTTY: true, write: (text: string) => drawn.push(text) } as unknown as NodeJS.WritableStream, () => (now += 1000));
    tty.start(2, 0, 1);
    tty.result({ version: '1.1.0', previousVersion: '1.0.0', status: 'generated', rollingUpdateSafe: true, ms: 5 });
    tty.result({ version: '1.2.0', previousVersion: '1.1.0', status: 'generated', rollingUpdateSafe: true, ms: 5 });
    tty.finish();
    expect(drawn.slice(1).every((text) => text.startsWith('\r\u001b[K') || text === '\n')).toBe(true);
    expect(drawn.at(-2)).toContain('2/2 1.2.0');
  });
});
