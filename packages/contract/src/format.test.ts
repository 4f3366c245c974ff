import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dayIn,
  decimalDollars,
  dollarsToCents,
  formatCents,
  formatDate,
  formatDateTime,
  formatDay,
  formatDollars,
  formatDuration,
  formatPhone,
  formatPricing,
  formatTime,
  isTimeZone,
  minuteIn,
  phoneHref,
  shopToday,
  slugify,
  typedDollars,
  typedNumber,
  typedPercent,
  urlOnSite,
  weekdayIn,
} from './format.ts';

describe('money', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(4599)).toBe('$45.99');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
  });
  it('shows a whole amount without cents when asked (price tags)', () => {
    expect(formatCents(4000, { dropZeroCents: true })).toBe('$40');
    expect(formatCents(4050, { dropZeroCents: true })).toBe('$40.50');
  });
  it('shows whole dollar prices without decimals, through the one formatter', () => {
    expect(formatDollars(40)).toBe('$40');
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(1250)).toBe('$1,250');
  });
  it("writes any amount as en-US's USD currency format does, below zero and past a million too", () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const usdWhole = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    expect(formatCents(-2000)).toBe('-$20.00');
    expect(formatCents(123456789, { dropZeroCents: true })).toBe('$1,234,567.89');
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.boolean(), (cents, dropZeroCents) => {
        const intl = dropZeroCents && cents % 100 === 0 ? usdWhole : usd;
        expect(formatCents(cents, { dropZeroCents })).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });
  it('writes plain decimal dollars for spreadsheets, and goes between cents and dollars exactly', () => {
    expect(decimalDollars(123456789)).toBe('1234567.89');
    expect(decimalDollars(5)).toBe('0.05');
    expect(decimalDollars(-2000)).toBe('-20.00');
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(decimalDollars(cents)).toMatch(/^-?\d+\.\d\d$/);
        expect(dollarsToCents(Number(decimalDollars(cents)))).toBe(cents);
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });
  it('shows dashboard pricing with its cents: whole dollars followed by .00, a price in cents as it is', () => {
    expect(formatPricing(35)).toBe('$35.00');
    expect(formatPricing(35.99)).toBe('$35.99');
    expect(formatPricing(1250)).toBe('$1,250.00');
  });
});

describe("dates in the shop's time zone", () => {
  it('shows short month, day, year in en-US', () => {
    expect(formatDate('2026-11-02T15:00:00Z', 'UTC')).toBe('Nov 2, 2026');
    expect(formatDate(new Date('2025-01-31T23:59:00Z'), 'UTC')).toBe('Jan 31, 2025');
  });
  it("dates an evening order by the shop's day, not by UTC's", () => {
    // 7:30 PM in Colorado Springs is already the next day in UTC.
    const evening = '2026-11-26T02:30:00Z';
    expect(formatDate(evening, 'America/Denver')).toBe('Nov 25, 2026');
    expect(formatDate(evening, 'UTC')).toBe('Nov 26, 2026');
    expect(dayIn(new Date(evening), 'America/Denver')).toBe('2026-11-25');
    expect(minuteIn(new Date(evening), 'America/Denver')).toMatch(/^2026-11-25 \d{2}:\d{2}$/);
    expect(minuteIn(new Date('2026-11-26T00:05:00Z'), 'America/Denver')).toBe('2026-11-25 17:05');
    expect(minuteIn(new Date('2026-11-26T00:05:00Z'), 'UTC')).toBe('2026-11-26 00:05');
    expect(dayIn(new Date('2026-01-05T12:00:00Z'), 'UTC')).toBe('2026-01-05');
    expect(weekdayIn(new Date(evening), 'America/Denver')).toBe('wednesday');
    expect(weekdayIn(new Date(evening), 'UTC')).toBe('thursday');
  });
  it("tells today at the shop: New Year's Eve in Colorado Springs is still the old year, UTC's the new one", () => {
    // 6 PM on Thursday Dec 31 in Colorado Springs (UTC-7): Friday Jan 1 in UTC.
    const newYearsEve = new Date('2027-01-01T01:00:00.250Z');
    expect(shopToday(newYearsEve, 'America/Denver')).toEqual({
      year: '2026',
      weekday: 'thursday',
      endsAt: Date.parse('2027-01-01T07:00:00Z'),
    });
    expect(shopToday(newYearsEve, 'UTC')).toEqual({
      year: '2027',
      weekday: 'friday',
      endsAt: Date.parse('2027-01-02T00:00:00Z'),
    });
  });
  it('names the zone when it gives the time', () => {
    expect(formatDateTime('2026-11-26T02:30:00Z', 'America/Denver')).toBe('Nov 25, 2026, 7:30 PM MST');
    expect(formatDateTime('2026-07-04T16:05:00Z', 'America/Denver')).toBe('Jul 4, 2026, 10:05 AM MDT');
    expect(formatDateTime('2026-11-26T02:30:00Z', 'UTC')).toBe('Nov 26, 2026, 2:30 AM UTC');
  });
  it('shows a calendar day as that day wherever the shop is', () => {
    expect(formatDay('2026-11-22')).toBe('Nov 22, 2026');
  });
  it('knows a time zone from a misspelt one', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Springs')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('America/Port-au-Prince')).toBe(true);
    expect(isTimeZone('Etc/GMT+7')).toBe(true);
    // Accepted by the browser, read otherwise by PostgreSQL's `at time zone`.
    expect(isTimeZone('+05:30')).toBe(false);
    expect(isTimeZone('CET')).toBe(false);
  });
});

describe('formatDuration', () => {
  it.each([
    [40, '40min'],
    [60, '1h'],
    [90, '1h 30min'],
    [125, '2h 5min'],
  ])('%i minutes is %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('phone', () => {
  it('formats ten digits as (###) ###-####', () => {
    expect(formatPhone('7195550142')).toBe('(719) 555-0142');
    expect(formatPhone('+1 719-555-0142')).toBe('(719) 555-0142');
  });
  it('leaves numbers it cannot read as they are', () => {
    expect(formatPhone('555-0142')).toBe('555-0142');
  });
  it('links a US number in E.164', () => {
    expect(phoneHref('(719) 555-0142')).toBe('tel:+17195550142');
  });
});

describe('formatTime', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['09:00', '9:00 AM'],
    ['12:30', '12:30 PM'],
    ['17:45', '5:45 PM'],
  ])('%s is %s', (time, text) => {
    expect(formatTime(time)).toBe(text);
  });
});

describe('slugify', () => {
  it('makes URL-safe names', () => {
    expect(slugify('Logo Hoodie')).toBe('logo-hoodie');
    expect(slugify('  Café  Snapback! ')).toBe('cafe-snapback');
  });
  it('keeps the letters of other scripts, whole, so a name written only in them has an address', () => {
    expect(slugify('Дмитрий Иванов')).toBe('дмитрий-иванов');
    expect(slugify('理髪店 キャップ')).toBe('理髪店-キャップ');
    expect(slugify('Ελληνικό Καπέλο')).toBe('ελληνικό-καπέλο');
    expect(slugify('Zoë & Łukasz')).toBe('zoe-łukasz');
    expect(slugify('हिन्दी टोपी')).toBe('हिन्दी-टोपी');
  });
  it('leaves nothing of a name with no letter or digit: the name is refused', () => {
    expect(slugify('✂️ 💈')).toBe('');
    expect(slugify('--')).toBe('');
  });
});

describe('urlOnSite', () => {
  it('keeps any path on the site, even one that reads as another host', () => {
    expect(urlOnSite('https://shop.example', '/store?x=1').href).toBe('https://shop.example/store?x=1');
    expect(urlOnSite('https://shop.example', '//evil.example/x').host).toBe('shop.example');
    expect(urlOnSite('https://shop.example', '//evil.example/x').pathname).toBe('//evil.example/x');
    expect(urlOnSite('https://shop.example', 'http://evil.example/x').href).toBe('https://shop.example/');
  });
});

describe('typedDollars', () => {
  it('reads a price as written in the US: a dollar sign, commas grouping thousands', () => {
    expect(
      ['25', '25.5', '$25.00', ' $ 25 ', '1,200.00', '$1,200', '1,000,000.5', '.99'].map(typedDollars),
    ).toEqual([25, 25.5, 25, 25, 1200, 1200, 1000000.5, 0.99]);
  });

  it('is NaN for a comma that groups no thousands (cents after a comma), and for what typedNumber refuses', () => {
    for (const text of ['25,50', '1,20', '1,2000', ',5', '12,', '$$5', '5$', '0x10', 'US$5', '1 200'])
      expect(typedDollars(text), text).toBeNaN();
  });
});

describe('typedPercent', () => {
  it('reads a percent with or without its sign as the fraction, to the thousandth of a percent', () => {
    expect(['8.25', '8.25%', ' 8.25 % ', '2.9', '0', '7.0005'].map(typedPercent)).toEqual([
      0.0825, 0.0825, 0.0825, 0.029, 0, 0.07001,
    ]);
  });

  it('is NaN for what is not a percent', () => {
    for (const text of ['%', '8%%', '% 8', 'eight', '8,25']) expect(typedPercent(text), text).toBeNaN();
  });
});

describe('typedNumber', () => {
  it('reads plain decimals, with a sign and spaces around', () => {
    expect([' 12 ', '12.5', '-104.7603', '+3', '.5', '7.'].map(typedNumber)).toEqual([
      12, 12.5, -104.7603, 3, 0.5, 7,
    ]);
  });

  it('is NaN for what Number would read otherwise: hex, exponents, Infinity, nothing', () => {
    for (const text of ['0x10', '1e3', 'Infinity', '', ' ', '1 2', '$5', '1,000', '--1'])
      expect(typedNumber(text), text).toBeNaN();
  });
});
