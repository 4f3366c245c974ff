import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Shop } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signInAs } from '../../test/sessions.ts';

/** The shop's row as an administrator saved it. */
const SETTINGS: Omit<Shop, 'configured'> = {
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
  version: 1,
};
/** How the API shows it. */
const SHOP: Shop = { ...SETTINGS, configured: true };

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
      // Its phone, email and address are stand-ins the public pages leave out.
      configured: false,
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
    await app.handle.db.insert(schema.shop).values(SETTINGS);
    const response = await app.inject('/api/shop');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SHOP);
  });

  it('is public: no sign-in needed', async () => {
    await app.handle.db.insert(schema.shop).values(SETTINGS);
    const response = await app.inject({ url: '/api/shop', headers: { cookie: 'session=forged' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('shop settings', () => {
  let app: TestApp;
  let admin: string;
  beforeEach(async () => {
    app = await buildTestApp();
    await app.db.insert(schema.shop).values({ id: 1, ...SETTINGS });
    admin = await signInAs(app, await createUser(app.db, { accessLevel: 2 }));
  });
  afterEach(() => app.close());

  /** A save from an editor opened at `version`, by default the settings as they are now. */
  const put = async (payload: object, version?: number) =>
    app.inject({
      method: 'PUT',
      url: '/api/shop',
      payload: { version: version ?? (await app.inject('/api/shop')).json().version, ...payload },
      headers: { cookie: admin, 'sec-fetch-site': 'same-origin' },
    });

  it('changes the settings sent, keeps the rest, shows them at once and records who changed what', async () => {
    const hours = { ...SHOP.hours, saturday: [['10:00', '14:00']] };
    const response = await put({
      name: 'Gold Standard Barbers',
      phone: '7195550199',
      hours,
      socialLinks: [{ label: 'TikTok', url: 'https://www.tiktok.com/@goldstandard' }],
      salesTaxRate: 0.0825,
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      ...SHOP,
      name: 'Gold Standard Barbers',
      phone: '7195550199',
      hours,
      socialLinks: [{ label: 'TikTok', url: 'https://www.tiktok.com/@goldstandard' }],
      salesTaxRate: 0.0825,
      version: 2,
    };
    expect(response.json()).toEqual(expected);
    expect((await app.inject('/api/shop')).json()).toEqual(expected);
    const [audit] = await app.db.select().from(schema.auditLog);
    const { configured: _, ...saved } = expected;
    expect(audit).toMatchObject({ entity: 'shop', action: 'update', before: SETTINGS, after: saved });
  });

  it('takes a lunch break added afternoon first, a close at midnight, and refuses ranges that overlap', async () => {
    const overlapping = await put({
      hours: {
        ...SHOP.hours,
        // "Add hours" starts a range at 09:00-17:00: left as it was, it overlaps the morning.
        tuesday: [
          ['09:00', '12:00'],
          ['09:00', '17:00'],
        ],
      },
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().error.message).toBe('body.hours.tuesday.1: Overlaps Tuesday range 1');
    expect((await app.inject('/api/shop')).json()).toEqual(SHOP);

    const response = await put({
      hours: {
        ...SHOP.hours,
        tuesday: [
          ['13:00', '18:00'],
          ['09:00', '12:00'],
        ],
        // A time input's 12:00 AM: open until midnight.
        friday: [['18:00', '00:00']],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().hours).toEqual({
      ...SHOP.hours,
      tuesday: [
        ['09:00', '12:00'],
        ['13:00', '18:00'],
      ],
      friday: [['18:00', '00:00']],
    });
  });

  it('takes the policies a line each, blank lines and repeats left out, and records the change', async () => {
    const response = await put({
      policies: [
        '  Walk-ins welcome until 5 pm.  ',
        '',
        '   ',
        'We take cash and cards.',
        'Walk-ins welcome until 5 pm.',
      ],
    });
    expect(response.statusCode).toBe(200);
    const policies = ['Walk-ins welcome until 5 pm.', 'We take cash and cards.'];
    expect(response.json()).toMatchObject({ policies, version: 2 });
    expect((await app.inject('/api/shop')).json()).toMatchObject({ policies });
    const [audit] = await app.db.select().from(schema.auditLog);
    expect(audit).toMatchObject({ before: { policies: SETTINGS.policies }, after: { policies } });
    // Every line taken away states none: the barber pages and terms then say nothing of policies.
    expect((await put({ policies: ['', ' '] })).json()).toMatchObject({ policies: [] });
  });

  it('moves the coordinates with a new address: cleared without a maps token, never left at the old place', async () => {
    // The same place written again (line2 moves no map pin): the coordinates stay.
    const same = await put({ address: { ...SHOP.address, line2: 'Suite 105' } });
    expect(same.json()).toMatchObject({ lat: SHOP.lat, lng: SHOP.lng });
    const moved = await put({ address: { ...SHOP.address, line1: '100 S Tejon St' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ lat: null, lng: null });
    // Coordinates sent with the address are taken as they are.
    const placed = await put({ address: { ...SHOP.address, line1: '1 Main St' }, lat: 38.8, lng: -104.8 });
    expect(placed.json()).toMatchObject({ lat: 38.8, lng: -104.8 });
  });

  it('geocodes a new address when a maps token is set', async () => {
    const geocoder = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ features: [{ center: [-104.8214, 38.8339] }] })),
    );
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const mapped = await buildTestApp({
      MAPS_TOKEN: 'pk.test',
      MAPS_API_BASE: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
    });
    try {
      await mapped.db.insert(schema.shop).values({ id: 1, ...SETTINGS });
      const cookie = await signInAs(mapped, await createUser(mapped.db, { accessLevel: 2 }));
      const response = await mapped.inject({
        method: 'PUT',
        url: '/api/shop',
        payload: { address: { ...SHOP.address, line1: '100 S Tejon St' }, version: 1 },
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(response.json()).toMatchObject({ lat: 38.8339, lng: -104.8214 });
    } finally {
      await mapped.close();
      await new Promise((resolve) => geocoder.close(resolve));
    }
  });

  it('refuses a save from an editor opened before someone else saved, changing nothing (409)', async () => {
    expect((await put({ phone: '7195550199' }, 1)).statusCode).toBe(200);
    const stale = await put({ name: 'Gold Standard Barbers' }, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Someone else saved the shop settings since you opened it (version 2, yours 1). Reload it and make your changes again.',
    );
    expect((await app.inject('/api/shop')).json()).toEqual({ ...SHOP, phone: '7195550199', version: 2 });
    expect(await app.db.select().from(schema.auditLog)).toHaveLength(1);
  });

  it('starts a fresh install at version 1: the first save from the defaults is taken, a second from them is not', async () => {
    await app.db.delete(schema.shop);
    expect((await app.inject('/api/shop')).json()).toMatchObject({
      name: 'Barbershop',
      version: 1,
      configured: false,
    });
    // One setting saved makes the shop its own: the rest were the defaults the owner saw and kept.
    const first = { name: 'Sharp Corner', version: 2, configured: true };
    expect((await put({ name: 'Sharp Corner' }, 1)).json()).toMatchObject(first);
    expect((await app.inject('/api/shop')).json()).toMatchObject(first);
    expect((await put({ name: 'Blunt Corner' }, 1)).statusCode).toBe(409);
  });

  it('names the bad field', async () => {
    const cases: [object, string][] = [
      [{ salesTaxRate: 0.6 }, 'body.salesTaxRate: Sales tax rate must be at most 50%'],
      [{ email: 'nope' }, 'body.email: Email is not valid'],
      [{ phone: '555-01' }, 'body.phone: Phone must be at least 7 characters'],
      [{ phone: ' ' }, 'body.phone: Phone is required'],
      [{ address: { ...SHOP.address, city: '' } }, 'body.address.city: City is required'],
      [
        { socialLinks: [{ label: 'Instagram', url: 'javascript:alert(1)' }] },
        'body.socialLinks.0.url: must be a full URL (https://…)',
      ],
      // A label of spaces was kept, and drew a footer link with no name; an empty one read "Too small".
      [
        { socialLinks: [{ label: '   ', url: 'https://www.tiktok.com/@goldstandard' }] },
        'body.socialLinks.0.label: Label is required',
      ],
      [
        { socialLinks: [{ label: '', url: 'https://www.tiktok.com/@goldstandard' }] },
        'body.socialLinks.0.label: Label is required',
      ],
      [
        { socialLinks: [{ label: 'T'.repeat(41), url: 'https://www.tiktok.com/@goldstandard' }] },
        'body.socialLinks.0.label: Label must be 40 characters or fewer',
      ],
      [
        { policies: ['No-show fee: $20.', 'x'.repeat(301)] },
        'body.policies.1: Each policy must be 300 characters or fewer',
      ],
      [
        { policies: Array.from({ length: 21 }, (_, i) => `Policy ${i + 1}.`) },
        'body.policies: At most 20 policies',
      ],
      [{ policies: 'No refunds.' }, 'body.policies: Policies must be a list of lines'],
      [{}, 'body: Send at least one setting'],
      [{ phone: '7195550199', version: 0 }, 'body.version: Too small: expected number to be >0'],
      [
        { hours: { ...SHOP.hours, friday: [['17:00', '09:00']] } },
        'body.hours.friday.0: Must open before it closes',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await put(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await app.inject('/api/shop')).json()).toEqual(SHOP);
  });
});
