import type { Shop } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

const SHOP: Shop = {
  name: 'Gold Standard Barbershop',
  phone: '7195550142',
  email: 'hello@goldstandardbarbers.example',
  address: {
    line1: '2150 N Academy Blvd',
    line2: 'Suite 104',
    city: 'Colorado Springs',
    state: 'CO',
    postal_code: '80909',
    country: 'US',
  },
  lat: 38.8706,
  lng: -104.7603,
  socialLinks: [{ label: 'Instagram', url: 'https://www.instagram.com/goldstandardbarbershop' }],
  policies: [
    'Missed appointments without notice are charged a $20 no-show fee.',
    'We take cash, Venmo and Apple Pay.',
  ],
  hours: {
    monday: [],
    tuesday: [['09:00', '18:00']],
    wednesday: [],
    thursday: [],
    friday: [],
    saturday: [],
    sunday: [],
  },
  salesTaxRate: 0.029,
};

describe('shop API', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.close());

  it('answers 404 before the shop is set up', async () => {
    const response = await app.inject('/api/shop');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'The shop has not been set up yet.' },
    });
  });

  it('shows the shop: phone, pickup address, coordinates, social links and policies', async () => {
    await app.handle.db.insert(schema.shop).values(SHOP);
    const response = await app.inject('/api/shop');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SHOP);
  });

  it('is public: no sign-in needed', async () => {
    await app.handle.db.insert(schema.shop).values(SHOP);
    const response = await app.inject({ url: '/api/shop', headers: { cookie: 'session=forged' } });
    expect(response.statusCode).toBe(200);
  });
});
