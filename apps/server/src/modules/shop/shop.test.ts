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

  it('answers placeholder settings before an administrator sets the shop up', async () => {
    const response = await app.inject('/api/shop');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Barbershop',
      socialLinks: [],
      policies: [],
      salesTaxRate: 0,
    });
  });

  it('takes the default sales tax rate from SALES_TAX_RATE', async () => {
    const taxed = await buildTestApp({ SALES_TAX_RATE: '0.05' });
    try {
      expect((await taxed.inject('/api/shop')).json()).toMatchObject({ salesTaxRate: 0.05 });
    } finally {
      await taxed.close();
    }
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
