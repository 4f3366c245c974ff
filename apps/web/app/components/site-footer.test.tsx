import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

const shop = { name: 'Gold Standard Barbershop', socialLinks: [] };

describe('SiteFooter', () => {
  it("dates the copyright by the year it is given (the shop's, from the root loader)", () => {
    expect(renderToString(<SiteFooter shop={shop} year="2026" />)).toContain(
      '© <!-- -->2026<!-- --> <!-- -->Gold Standard Barbershop<!-- -->. All rights reserved.',
    );
  });
});
