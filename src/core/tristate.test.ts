import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allTrue, anyTrue, type Tri } from './tristate.js';

const tri = fc.constantFrom<Tri>(true, false, 'unknown');

describe('tri-state algebra', () => {
  it.each<[Tri[], Tri]>([
    [[], true],
    [[true, true], true],
    [[true, 'unknown'], 'unknown'],
    [['unknown', false], false],
    [[true, false], false],
  ])('allTrue(%j) = %j', (values, expected) => expect(allTrue(values)).toBe(expected));

  it.each<[Tri[], Tri]>([
    [[], false],
    [[false, false], false],
    [[false, 'unknown'], 'unknown'],
    [['unknown', true], true],
  ])('anyTrue(%j) = %j', (values, expected) => expect(anyTrue(values)).toBe(expected));

  it('never lets unknown become true under AND', () => {
    fc.assert(
      fc.property(fc.array(tri), (values) => {
        if (values.includes('unknown')) expect(allTrue(values)).not.toBe(true);
      }),
    );
  });
});
