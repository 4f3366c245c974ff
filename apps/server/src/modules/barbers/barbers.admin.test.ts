import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminBarber, Barber } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createBarber, createUser, DEFAULT_HOURS } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { signInAs } from '../../test/sessions.ts';

const FORM = {
  name: 'Rosa Delgado',
  nickname: 'Razor',
  address: { line1: '1550 Larimer St', city: 'Denver', state: 'CO', postal_code: '80202', country: 'US' },
  phone: '7195550177',
  email: 'rosa@example.com',
  about: 'Fades and flat-tops.',
  instagramUrl: 'https://www.instagram.com/rosa.cuts',
  booksyUrl: 'https://booksy.com/en-us/12345',
  hours: {
    ...DEFAULT_HOURS,
    saturday: [
      ['09:00', '12:00'],
      ['13:00', '16:00'],
    ],
  },
  services: [
    { name: 'Skin Fade', description: 'Bald to blended.', price: 45, duration: 50 },
    { name: 'Beard Trim', price: 25, duration: 30 },
  ],
  rating: 4.8,
  reviewCount: 52,
  position: 3,
};

/** A local stand-in for the maps geocoder: every address it is asked about is recorded. */
const asked: string[] = [];
let geocoder: Server;
let geocoderBase: string;
beforeAll(async () => {
  geocoder = createServer((request, response) => {
    const match = /\/geocoding\/v5\/mapbox\.places\/(.+)\.json/.exec(request.url ?? '');
    const address = decodeURIComponent(match?.[1] ?? '');
    asked.push(address);
    const features = address.includes('Nowhere') ? [] : [{ center: [-104.9965, 39.7508] }];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ features }));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  geocoderBase = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => geocoder.close(resolve)));

describe('barber management', () => {
  let app: TestApp;
  let admin: string;
  beforeEach(async () => {
    asked.length = 0;
    app = await buildTestApp({ MAPS_TOKEN: 'pk.test', MAPS_API_BASE: geocoderBase });
    admin = await signInAs(app, await createUser(app.db, { accessLevel: 2 }));
  });
  afterEach(() => app.close());

  const save = async (method: 'POST' | 'PUT', url: string, form: unknown, files: Buffer[] = []) => {
    const body = await multipart(
      form,
      files.map((file, i) => ({ body: file, filename: `photo-${i}.png` })),
    );
    return app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: admin } });
  };
  /** An edit from a form opened now: it names the barber's current version. */
  const edit = async (gid: string, form: object) => {
    const opened = await app.inject({ url: `/api/dashboard/barbers/${gid}`, headers: { cookie: admin } });
    return save('PUT', `/api/barbers/${gid}`, { version: json<AdminBarber>(opened).version, ...form });
  };
  const photo = (color: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: color } })
      .png()
      .toBuffer();

  it('adds a barber with every field, geocodes the address, and shows them on the public page at once', async () => {
    const response = await save(
      'POST',
      '/api/barbers',
      { ...FORM, photo: { upload: 0 }, gallery: [{ upload: 1 }, { upload: 2 }] },
      [await photo('#111111'), await photo('#222222'), await photo('#333333')],
    );
    expect(response.statusCode).toBe(200);
    const barber = json<AdminBarber>(response);
    expect(barber).toMatchObject({
      name: 'Rosa Delgado',
      slug: 'rosa-delgado',
      nickname: 'Razor',
      address: { ...FORM.address, line2: '' },
      lat: 39.7508,
      lng: -104.9965,
      booksyUrl: 'https://booksy.com/en-us/12345',
      hours: FORM.hours,
      services: [
        { name: 'Skin Fade', description: 'Bald to blended.', price: 45, duration: 50 },
        { name: 'Beard Trim', description: '', price: 25, duration: 30 },
      ],
      rating: 4.8,
      reviewCount: 52,
      active: true,
      position: 3,
    });
    expect(barber.photoKey).toMatch(/^images\//);
    expect(barber.galleryKeys).toHaveLength(2);
    expect(asked).toEqual(['1550 Larimer St, Denver, CO 80202, US']);

    const publicList = json<Barber[]>(await app.inject('/api/barbers'));
    expect(publicList.map((b) => b.gid)).toEqual([barber.gid]);
    expect(publicList[0]?.profilePicture.src).toBe(`/media/${barber.photoKey}-640.webp`);
    const audit = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, barber.gid));
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('puts a new barber after the others when no display order is given, so the tabs keep their places', async () => {
    const first = await createBarber(app.db, { name: 'Marcus Bell', position: 0 });
    const second = await createBarber(app.db, { name: 'Tyrell Jackson', position: 1 });
    // One who left, hidden: a later return keeps their place, and a newcomer goes after them too.
    await createBarber(app.db, { name: 'Eli Whitaker', position: 4, active: false });
    const { position: _, ...form } = FORM;
    const response = await save('POST', '/api/barbers', { ...form, name: 'Aaron Abbott' });
    expect(response.statusCode).toBe(200);
    expect(json<AdminBarber>(response).position).toBe(5);
    const publicList = json<Barber[]>(await app.inject('/api/barbers'));
    expect(publicList.map((b) => b.name)).toEqual([first.name, second.name, 'Aaron Abbott']);
  });

  it('edits only the fields sent, geocodes a changed address again, and keeps coordinates otherwise', async () => {
    const created = json<AdminBarber>(await save('POST', '/api/barbers', FORM));
    const hours = {
      ...DEFAULT_HOURS,
      monday: [],
      tuesday: [
        ['08:00', '11:30'],
        ['12:30', '18:00'],
      ],
    };
    // A suite added to the address moves no map pin: nothing to geocode.
    const edited = await edit(created.gid, {
      nickname: 'The Razor',
      address: { ...FORM.address, line2: 'Suite 5' },
      hours,
      active: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(json<AdminBarber>(edited)).toMatchObject({
      name: 'Rosa Delgado',
      nickname: 'The Razor',
      address: { ...FORM.address, line2: 'Suite 5' },
      hours,
      active: false,
      lat: 39.7508,
      services: [{ name: 'Skin Fade' }, { name: 'Beard Trim' }],
    });
    expect(asked).toHaveLength(1);
    // Inactive: gone from the public pages, still in the dashboard.
    expect(json<Barber[]>(await app.inject('/api/barbers'))).toEqual([]);
    expect((await app.inject(`/api/barbers/${created.gid}`)).statusCode).toBe(404);
    const dashboard = await app.inject({ url: '/api/dashboard/barbers', headers: { cookie: admin } });
    expect(json<AdminBarber[]>(dashboard).map((b) => b.gid)).toEqual([created.gid]);

    // An address the geocoder cannot place: the coordinates typed in the form are used.
    const nowhere = { ...FORM.address, line1: 'Nowhere Lane 1' };
    const moved = await edit(created.gid, {
      address: nowhere,
      lat: 38.8,
      lng: -104.8,
      services: [{ name: 'Buzz Cut', price: 20, duration: 20 }],
    });
    expect(json<AdminBarber>(moved)).toMatchObject({
      address: { ...nowhere, line2: '' },
      lat: 38.8,
      lng: -104.8,
      services: [{ name: 'Buzz Cut', price: 20, duration: 20 }],
    });
    expect(asked).toEqual(['1550 Larimer St, Denver, CO 80202, US', 'Nowhere Lane 1, Denver, CO 80202, US']);

    // Moved again where the geocoder finds nothing, no coordinates typed (the edit form sends them
    // only then): the old ones mark the old place, so the barber has no pin rather than a wrong one.
    const lost = { ...FORM.address, line1: 'Nowhere Lane 2' };
    const unplaced = await edit(created.gid, { address: lost });
    expect(json<AdminBarber>(unplaced)).toMatchObject({
      address: { line1: 'Nowhere Lane 2' },
      lat: null,
      lng: null,
    });
    // Staff then enter the pin themselves, and it stays through edits that do not move the address.
    await edit(created.gid, { lat: 38.9, lng: -104.7 });
    const kept = await edit(created.gid, { address: lost, nickname: 'Rosa' });
    expect(json<AdminBarber>(kept)).toMatchObject({ lat: 38.9, lng: -104.7 });
  });

  it('refuses an edit from a form opened before someone else saved, changing nothing (409)', async () => {
    const barber = await createBarber(app.db, { name: 'Rosa Delgado', nickname: 'Ro' });
    expect(
      json<AdminBarber>(await save('PUT', `/api/barbers/${barber.id}`, { nickname: 'Razor', version: 1 })),
    ).toMatchObject({ nickname: 'Razor', version: 2 });
    const stale = await save('PUT', `/api/barbers/${barber.id}`, {
      about: 'Twenty years of fades.',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Someone else saved this barber since you opened it (version 2, yours 1). Reload it and make your changes again.',
    );
    const opened = await app.inject({
      url: `/api/dashboard/barbers/${barber.id}`,
      headers: { cookie: admin },
    });
    expect(json<AdminBarber>(opened)).toMatchObject({ nickname: 'Razor', about: barber.about, version: 2 });
    const audits = await app.db.select().from(schema.auditLog);
    expect(audits.map((a) => a.action)).toEqual(['update']);
  });

  it('removes a barber: the public pages stop showing them', async () => {
    const barber = await createBarber(app.db, { name: 'Leaving Soon' });
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/barbers/${barber.id}`,
      headers: { cookie: admin, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect(json<Barber[]>(await app.inject('/api/barbers'))).toEqual([]);
    expect(await app.db.select().from(schema.barberServices)).toEqual([]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/barbers/${barber.id}`,
      headers: { cookie: admin, 'sec-fetch-site': 'same-origin' },
    });
    expect(again.statusCode).toBe(404);
    const malformed = await save('PUT', '/api/barbers/not-a-uuid', { nickname: 'x', version: 1 });
    expect(malformed.statusCode).toBe(404);
  });

  it('adds a barber whose name is written in another script', async () => {
    const barber = json<AdminBarber>(await save('POST', '/api/barbers', { ...FORM, name: 'Дмитрий Иванов' }));
    expect(barber).toMatchObject({ name: 'Дмитрий Иванов', slug: 'дмитрий-иванов' });
  });

  it('names the bad field and refuses a taken name', async () => {
    const cases: [unknown, string][] = [
      [{ ...FORM, name: '' }, 'form.name: Name is required'],
      [{ ...FORM, name: undefined }, 'form.name: Name is required'],
      [{ ...FORM, name: 'N'.repeat(81) }, 'form.name: Name must be 80 characters or fewer'],
      [{ ...FORM, address: { ...FORM.address, city: ' ' } }, 'form.address.city: City is required'],
      [
        { ...FORM, address: { line1: '1550 Larimer St', state: 'CO', postal_code: '80202', country: 'US' } },
        'form.address.city: City is required',
      ],
      [
        { ...FORM, address: '1550 Larimer St, Denver, CO 80202' },
        'form.address: Invalid input: expected object, received string',
      ],
      [{ ...FORM, email: 'not-an-email' }, 'form.email: Email is not valid'],
      [{ ...FORM, booksyUrl: 'booksy dot com' }, 'form.booksyUrl: must be a full URL (https://…) or empty'],
      [
        { ...FORM, instagramUrl: 'javascript:alert(document.cookie)' },
        'form.instagramUrl: must be a full URL (https://…) or empty',
      ],
      [
        { ...FORM, booksyUrl: 'data:text/html,<script>alert(1)</script>' },
        'form.booksyUrl: must be a full URL (https://…) or empty',
      ],
      [
        { ...FORM, hours: { ...DEFAULT_HOURS, monday: [['17:00', '09:00']] } },
        'form.hours.monday.0: Must open before it closes',
      ],
      [
        {
          ...FORM,
          hours: {
            ...DEFAULT_HOURS,
            monday: [
              ['09:00', '17:00'],
              ['16:00', '18:00'],
            ],
          },
        },
        'form.hours.monday.1: Overlaps Monday range 1',
      ],
      [
        { ...FORM, gallery: Array.from({ length: 7 }, (_, i) => ({ upload: i })) },
        'form.gallery: At most 6 gallery images',
      ],
      [
        { ...FORM, services: [{ name: 'Cut', price: -1, duration: 30 }] },
        'form.services.0.price: Price must be 0 or more',
      ],
      [
        { ...FORM, services: [{ name: 'Cut', price: 45.555, duration: 30 }] },
        'form.services.0.price: Price must be in whole cents',
      ],
      [{ ...FORM, rating: 6 }, 'form.rating: Rating must be between 0 and 5'],
      // Said by the field's name, as the form shows them beside it, not zod's "Too big: expected string…".
      [{ ...FORM, nickname: 'N'.repeat(41) }, 'form.nickname: Nickname must be 40 characters or fewer'],
      [{ ...FORM, about: 'A'.repeat(2001) }, 'form.about: About must be 2000 characters or fewer'],
      [
        { ...FORM, services: [{ name: 'Cut', description: 'D'.repeat(501), price: 40, duration: 30 }] },
        'form.services.0.description: Service description must be 500 characters or fewer',
      ],
      [
        { ...FORM, services: [{ name: 'Cut', price: 40, duration: Number.NaN }] },
        'form.services.0.duration: Duration must be a number of minutes',
      ],
    ];
    for (const [form, message] of cases) {
      const response = await save('POST', '/api/barbers', form);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    await createBarber(app.db, { name: 'Rosa Delgado' });
    // Taken as written, and written with an accent: both would be at /barbershops/rosa-delgado.
    for (const name of ['Rosa Delgado', 'Rosa Delgadó']) {
      const taken = await save('POST', '/api/barbers', { ...FORM, name });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe(
        `Name must be unique! A barber named "${name}", or differing from it only in case, accents, spaces or punctuation, already exists.`,
      );
    }
  });
});

describe('barber management without a geocoder', () => {
  it('takes the coordinates typed in the form', async () => {
    const app = await buildTestApp();
    try {
      const admin = await signInAs(app, await createUser(app.db, { accessLevel: 2 }));
      const body = await multipart({ ...FORM, lat: 38.87, lng: -104.76 });
      const response = await app.inject({
        method: 'POST',
        url: '/api/barbers',
        payload: body.payload,
        headers: { ...body.headers, cookie: admin },
      });
      expect(json<AdminBarber>(response)).toMatchObject({ lat: 38.87, lng: -104.76 });
    } finally {
      await app.close();
    }
  });
});
