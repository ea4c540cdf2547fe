import { describe, expect, it } from 'vitest';
import { jsonRoundTrips } from './json-round-trip.js';

describe('jsonRoundTrips', () => {
  it.each([
    ['plain JSON', { a: [1, 'x', true, null, { b: 2.5 }], c: {} }, true],
    ['an undefined member (dropped by JSON)', { a: undefined }, false],
    ['an undefined element (null in JSON)', [1, undefined], false],
    ['a hole', [1, , 3], false], // eslint-disable-line no-sparse-arrays
    ['NaN', { max: Number.NaN }, false],
    ['Infinity', [Number.POSITIVE_INFINITY], false],
    ['-0', -0, false],
    ['a Map', { m: new Map() }, false],
    ['a class instance', { d: new Date(0) }, false],
    ['a __proto__ key', JSON.parse('{"__proto__": 1}'), false],
    ['a null-prototype object', Object.create(null), false],
    ['a function', { f: () => 1 }, false],
  ])('%s', (_, value, expected) => {
    expect(jsonRoundTrips(value)).toBe(expected);
  });
});
