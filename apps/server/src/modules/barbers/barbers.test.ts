import type { Barber } from '@barbershop/contract';
import { createBarber, DEFAULT_HOURS } from '@barbershop/db/factories';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../test/app.ts';

describe('barbers API', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.close());

  it('lists no barbers before any are added', async () => {
    const response = await app.inject('/api/barbers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists active barbers in the shop order with services, hours and coordinates', async () => {
    const db = app.handle.db;
    const second = await createBarber(db, { name: 'Diego Ramirez', position: 2, lat: null, lng: null });
    const first = await createBarber(
      db,
      {
        name: 'Marcus Bell',
        position: 1,
        photo: 'images/marcus',
        gallery: ['images/g1', 'images/g2'],
        instagramUrl: 'https://www.instagram.com/marcus.fadeking',
        bookingUrl: 'https://booksy.com/en-us/800143',
      },
      [
        { name: 'Skin Fade', description: 'Bald to blended.', priceCents: 4500, durationMin: 50 },
        { name: 'Fade & Beard', priceCents: 6500, durationMin: 60 },
      ],
    );
    await createBarber(db, { name: 'Gone Fishing', position: 0, active: false });

    const response = await app.inject('/api/barbers');
    expect(response.statusCode).toBe(200);
    const barbers = json<Barber[]>(response);
    expect(barbers.map((b) => b.name)).toEqual(['Marcus Bell', 'Diego Ramirez']);

    const [marcus, diego] = barbers;
    expect(marcus).toMatchObject({
      gid: first.id,
      slug: 'marcus-bell',
      address: first.address,
      lat: 38.8706,
      lng: -104.7603,
      phone: first.phone,
      instagramUrl: 'https://www.instagram.com/marcus.fadeking',
      booksyUrl: 'https://booksy.com/en-us/800143',
      hours: DEFAULT_HOURS,
      rating: 5,
      reviewCount: 136,
      reviews: [],
      services: [
        { name: 'Skin Fade', description: 'Bald to blended.', price: 45, duration: 50 },
        { name: 'Fade & Beard', description: '', price: 65, duration: 60 },
      ],
    });
    expect(marcus?.profilePicture).toEqual({
      src: '/media/images/marcus-640.webp',
      srcSet:
        '/media/images/marcus-320.webp 320w, /media/images/marcus-640.webp 640w, /media/images/marcus-1280.webp 1280w',
      alt: 'Portrait of Marcus Bell',
    });
    expect(marcus?.gallery.map((image) => image.alt)).toEqual([
      'Haircut by Marcus Bell, photo 1',
      'Haircut by Marcus Bell, photo 2',
    ]);
    // Not geocoded yet, and no photo: the page shows the placeholder and no map.
    expect(diego).toMatchObject({ gid: second.id, lat: null, lng: null });
    expect(diego?.profilePicture.src).toBe('/placeholder.svg');
  });

  it('shows one barber by gid', async () => {
    const barber = await createBarber(app.handle.db, { name: 'TJ Okafor' });
    const response = await app.inject(`/api/barbers/${barber.id}`);
    expect(response.statusCode).toBe(200);
    expect(json<Barber>(response)).toMatchObject({
      gid: barber.id,
      name: 'TJ Okafor',
      services: [{ name: 'Classic Cut' }, { name: 'Beard Trim' }],
    });
  });

  it('answers 404 for an unknown, inactive or malformed barber id alike', async () => {
    const inactive = await createBarber(app.handle.db, { active: false });
    for (const gid of [inactive.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await app.inject(`/api/barbers/${gid}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such barber.' } });
    }
  });
});
