import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

const shop = { name: 'Gold Standard Barbershop', socialLinks: [] };

describe('SiteFooter', () => {
  afterEach(() => vi.useRealTimers());

  it("dates the copyright by the shop's year, not the clock's zone", () => {
    // New Year's Eve, 6 PM in Colorado Springs: already the next year in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-01T01:00:00Z'));
    expect(renderToString(<SiteFooter shop={shop} timeZone="America/Denver" />)).toContain(
      '© <!-- -->2026<!-- --> <!-- -->Gold Standard Barbershop<!-- -->. All rights reserved.',
    );
    expect(renderToString(<SiteFooter shop={shop} timeZone="UTC" />)).toContain('© <!-- -->2027');
  });
});
