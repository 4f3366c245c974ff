import { describe, expect, it } from 'vitest';
import { parseTabIndex } from './tab-index.ts';

describe('parseTabIndex', () => {
  it('selects the tab the index names when it is in range', () => {
    expect(parseTabIndex('0', 6)).toBe(0);
    expect(parseTabIndex('3', 6)).toBe(3);
    expect(parseTabIndex('5', 6)).toBe(5);
  });

  it('falls back to the first tab for a missing, malformed or out-of-range index', () => {
    for (const value of [null, undefined, '', '6', '99', '-1', '1.5', 'two', ' 2', '2abc']) {
      expect(parseTabIndex(value, 6)).toBe(0);
    }
  });
});
