import { describe, expect, it } from 'vitest';
import { sizesOnTodaysStock } from './stock-refusal.ts';

describe('sizesOnTodaysStock', () => {
  it("moves today's count by each change staff made, as the server's stock edit would", () => {
    // Opened with 5 Small and 3 Medium; staff added 2 Small and took off 1 Medium; checkouts then
    // took 1 Small and 2 Medium.
    expect(
      sizesOnTodaysStock({ Small: 7, Medium: 2 }, { Small: 5, Medium: 3 }, { Small: 4, Medium: 1 }),
    ).toEqual({ Small: '6', Medium: '0' });
  });

  it("shows today's count where the change no longer fits, for staff to decide again", () => {
    expect(sizesOnTodaysStock({ Medium: 0 }, { Medium: 3 }, { Medium: 1 })).toEqual({ Medium: '1' });
  });

  it("shows today's count for a size staff left alone", () => {
    expect(sizesOnTodaysStock({ Large: 6 }, { Large: 6 }, { Large: 2 })).toEqual({ Large: '2' });
  });

  it('keeps the count typed for a size staff ticked, and leaves out one they unticked', () => {
    expect(sizesOnTodaysStock({ Small: 4 }, { Medium: 3 }, { Medium: 1 })).toEqual({ Small: '4' });
  });
});
