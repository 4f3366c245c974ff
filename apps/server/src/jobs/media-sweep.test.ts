import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminBarber, AdminProductDetail } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createUser, DEFAULT_HOURS } from '@barbershop/db/factories';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, renditionKey, storeImage } from '../modules/media/images.ts';
import { claimMediaCheck, queueMediaCheck } from '../modules/media/media.repository.ts';
import { storeUploads } from '../modules/media/uploads.ts';
import { buildTestApp, json, type TestApp } from '../test/app.ts';
import { type FormFile, multipart } from '../test/multipart.ts';
import { signInAs } from '../test/sessions.ts';
import { MEDIA_GRACE_MS, sweepUnreferencedMedia } from './media-sweep.ts';

const png = async (color: string): Promise<Buffer> =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .png()
    .toBuffer();
const file = async (color: string): Promise<FormFile> => ({ body: await png(color), filename: 'photo.png' });

const PRODUCT = { description: 'Heavy fleece.', pricing: 55, category: 'Hoodies' };
const BARBER = {
  name: 'Rosa Delgado',
  address: { line1: '1550 Larimer St', city: 'Denver', state: 'CO', postal_code: '80202', country: 'US' },
  phone: '7195550177',
  email: 'rosa@example.com',
  hours: DEFAULT_HOURS,
  services: [{ name: 'Skin Fade', price: 45, duration: 50 }],
};

describe('the media sweep', () => {
  let app: TestApp;
  let admin: string;
  // A database of its own for each test: each counts what one sweep deletes.
  beforeEach(async () => {
    app = await buildTestApp();
    admin = await signInAs(app, await createUser(app.db, { accessLevel: 2 }));
  });
  afterEach(() => app.close());

  const save = async (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    form?: unknown,
    files: FormFile[] = [],
  ) => {
    if (method === 'DELETE')
      return app.inject({ method, url, headers: { cookie: admin, 'sec-fetch-site': 'same-origin' } });
    const body = await multipart(form, files);
    return app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: admin } });
  };
  /** What a browser gets at each of the image's addresses. */
  const served = async (key: string) =>
    Promise.all(
      IMAGE_WIDTHS.map(async (w) => (await app.inject(`/media/${renditionKey(key, w)}`)).statusCode),
    );
  /** As if every queued image had been queued longer ago than the grace period. */
  const waitOutGrace = () =>
    app.db.execute(
      sql`update media_releases set touched_at = touched_at - make_interval(secs => ${MEDIA_GRACE_MS / 1000 + 1})`,
    );
  const queued = async () => (await app.db.select().from(schema.mediaReleases)).map((row) => row.key).sort();

  it('deletes an image removed from a product once the grace period is over, and keeps one another product shows', async () => {
    const first = json<AdminProductDetail>(
      await save('POST', '/api/products', { ...PRODUCT, name: 'Logo Hoodie' }, [
        await file('#aa0000'),
        await file('#00aa00'),
      ]),
    );
    const [red, green] = first.imageKeys as [string, string];
    await save('POST', '/api/products', { ...PRODUCT, name: 'Green Hoodie' }, [await file('#00aa00')]);

    const edited = await save('PUT', '/api/products/logo-hoodie', { version: first.version, images: [] });
    expect(edited.statusCode).toBe(200);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(0);
    expect(await served(red)).toEqual([200, 200, 200]);

    await waitOutGrace();
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(1);
    expect(await served(red)).toEqual([404, 404, 404]);
    expect(await served(green)).toEqual([200, 200, 200]);
    expect(await queued()).toEqual([]);
  });

  it("deletes the uploads of a save that was refused, and never a product's own images", async () => {
    const created = json<AdminProductDetail>(
      await save('POST', '/api/products', { ...PRODUCT, name: 'Logo Hoodie' }, [await file('#aa0000')]),
    );
    const [red] = created.imageKeys as [string];
    // An editor whose form is out of date: the new picture was stored before the version was checked.
    const stale = await save(
      'PUT',
      '/api/products/logo-hoodie',
      { version: created.version + 1, images: [{ key: red }, { upload: 0 }] },
      [await file('#0000aa')],
    );
    expect(stale.statusCode).toBe(409);
    // The second file is no image: the first was stored before the refusal.
    const refused = await save('POST', '/api/products', { ...PRODUCT, name: 'Plain Tee' }, [
      await file('#00aa00'),
      { body: Buffer.from('not a picture'), filename: 'x.png' },
    ]);
    expect(refused.statusCode).toBe(415);
    const [blue, green] = await Promise.all(['#0000aa', '#00aa00'].map(async (c) => keyOf(await png(c))));

    await waitOutGrace();
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(2);
    expect(await served(blue!)).toEqual([404, 404, 404]);
    expect(await served(green!)).toEqual([404, 404, 404]);
    expect(await served(red)).toEqual([200, 200, 200]);
  });

  it("deletes a deleted barber's photo and gallery", async () => {
    const created = json<AdminBarber>(
      await save('POST', '/api/barbers', { ...BARBER, photo: { upload: 0 }, gallery: [{ upload: 1 }] }, [
        await file('#111111'),
        await file('#222222'),
      ]),
    );
    expect((await save('DELETE', `/api/barbers/${created.gid}`)).statusCode).toBe(200);
    await waitOutGrace();
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(2);
    expect(await served(created.photoKey!)).toEqual([404, 404, 404]);
    expect(await served(created.galleryKeys[0]!)).toEqual([404, 404, 404]);
  });

  it('keeps a queued image that a save in progress is using, though it has waited out the grace period', async () => {
    const red = await png('#aa0000');
    const key = await keyOf(red);
    await queueMediaCheck(app.db, [key]);
    await waitOutGrace();
    // The save has stored its upload, the same picture, and has not committed yet.
    const upload = join(app.config.dataDir, 'upload.png');
    writeFileSync(upload, red);
    expect(await storeUploads(app.db, app.media, [upload])).toEqual([key]);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(0);
    expect(await served(key)).toEqual([200, 200, 200]);
  });

  /** The key the media storage gives a picture (stored, then its files left for the test to use). */
  const keyOf = (picture: Buffer) => storeImage(app.media, picture);
});

// Two server copies sweep one PostgreSQL at once (PGlite runs one query at a time).
describe.runIf(process.env.TEST_DB === 'postgres')('the media sweep, two copies at once', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('deletes each image once with two sweeps', async () => {
    const keys = Array.from({ length: 20 }, (_, n) => `images/pair-${n}`);
    for (const key of keys)
      for (const width of IMAGE_WIDTHS)
        await app.media.put(renditionKey(key, width), Buffer.from(key), 'image/webp');
    await queueMediaCheck(app.db, keys);
    const later = new Date(Date.now() + MEDIA_GRACE_MS + 1000);
    const [a, b] = await Promise.all([
      sweepUnreferencedMedia(app.db, app.media, later),
      sweepUnreferencedMedia(app.db, app.media, later),
    ]);
    expect(a + b).toBe(20);
    for (const key of keys) expect(await app.media.exists(renditionKey(key, IMAGE_WIDTHS[0]))).toBe(false);
  });

  it('makes a save about to use an image wait for the sweep deleting it, then stores the picture again', async () => {
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    const key = await storeImage(app.media, picture);
    await queueMediaCheck(app.db, [key]);
    const cutoff = new Date(Date.now() + MEDIA_GRACE_MS);
    const upload = join(app.config.dataDir, 'again.png');
    writeFileSync(upload, picture);
    let saved: Promise<string[]> | undefined;
    // The sweep's own steps, with the save arriving between its claim and its deletion.
    await app.db.transaction(async (tx) => {
      expect(await claimMediaCheck(tx, key, cutoff)).toBe(true);
      saved = storeUploads(app.db, app.media, [upload]);
      await waitForLockWait(app);
      for (const width of IMAGE_WIDTHS) await app.media.remove(renditionKey(key, width));
    });
    expect(await saved).toEqual([key]);
    for (const width of IMAGE_WIDTHS) expect(await app.media.exists(renditionKey(key, width))).toBe(true);
    expect((await app.db.select().from(schema.mediaReleases)).map((row) => row.key)).toEqual([key]);
  });
});

/** Until a query of this test's database waits for a lock another transaction holds. */
async function waitForLockWait(app: TestApp) {
  for (;;) {
    const result = (await app.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if (result.rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
