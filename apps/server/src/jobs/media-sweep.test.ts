import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminBarber, AdminProductDetail, Order } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createUser, DEFAULT_HOURS } from '@barbershop/db/factories';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageKeyOf, renditionKey, storeImage } from '../modules/media/images.ts';
import { queueForSweep } from '../modules/media/media.repository.ts';
import type { MediaStorage } from '../modules/media/media.storage.ts';
import { holdImagesForSave, storeUploads } from '../modules/media/uploads.ts';
import { buildTestApp, json, type TestApp } from '../test/app.ts';
import { waitForLockWait } from '../test/lock-wait.ts';
import { type FormFile, multipart } from '../test/multipart.ts';
import { createOrder } from '../test/orders.ts';
import { signInAs } from '../test/sessions.ts';
import { MEDIA_GRACE_MS, sweepUnreferencedMedia } from './media-sweep.ts';

const png = async (color: string): Promise<Buffer> =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .png()
    .toBuffer();
const file = async (color: string): Promise<FormFile> => ({ body: await png(color), filename: 'photo.png' });
const keyOf = async (color: string) => imageKeyOf(await png(color));

const PRODUCT = { description: 'Heavy fleece.', pricing: 55, category: 'Hoodies', sizes: { Large: 5 } };
const BARBER = {
  name: 'Rosa Delgado',
  address: { line1: '1550 Larimer St', city: 'Denver', state: 'CO', postal_code: '80202', country: 'US' },
  phone: '7195550177',
  email: 'rosa@example.com',
  hours: DEFAULT_HOURS,
  services: [{ name: 'Skin Fade', price: 45, duration: 50 }],
};

/** What a browser gets at each of the image's addresses. */
const served = async (app: TestApp, key: string) =>
  Promise.all(IMAGE_WIDTHS.map(async (w) => (await app.inject(`/media/${renditionKey(key, w)}`)).statusCode));

/** As if every queued image had been queued longer ago than the grace period. */
const waitOutGrace = (app: TestApp) =>
  app.db.execute(
    sql`update media_sweep_queue set touched_at = touched_at - make_interval(secs => ${MEDIA_GRACE_MS / 1000 + 1})`,
  );

const queued = async (app: TestApp) =>
  (await app.db.select().from(schema.mediaSweepQueue)).map((row) => row.key).sort();

/** A file of `picture` as an upload leaves it on disk. */
const uploadOf = (app: TestApp, picture: Buffer) => {
  const path = join(app.config.dataDir, `upload-${Math.random()}.png`);
  writeFileSync(path, picture);
  return path;
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

  const save = async (method: 'POST' | 'PUT', url: string, form: unknown, files: FormFile[] = []) => {
    const body = await multipart(form, files);
    return app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: admin } });
  };
  /** Empties the queue the saves so far filled, deleting nothing they use. */
  const settle = async () => {
    await waitOutGrace(app);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(0);
    expect(await queued(app)).toEqual([]);
  };

  it('deletes an image removed from a product once the grace period is over, and keeps one another product shows', async () => {
    const first = json<AdminProductDetail>(
      await save('POST', '/api/products', { ...PRODUCT, name: 'Logo Hoodie' }, [
        await file('#aa0000'),
        await file('#00aa00'),
      ]),
    );
    const [red, green] = first.imageKeys as [string, string];
    await save('POST', '/api/products', { ...PRODUCT, name: 'Green Hoodie' }, [await file('#00aa00')]);
    await settle();

    const edited = await save('PUT', '/api/products/logo-hoodie', { version: first.version, images: [] });
    expect(edited.statusCode).toBe(200);
    expect(await queued(app)).toEqual([red, green].sort());
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(0);
    expect(await served(app, red)).toEqual([200, 200, 200]);

    await waitOutGrace(app);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(1);
    expect(await served(app, red)).toEqual([404, 404, 404]);
    expect(await served(app, green)).toEqual([200, 200, 200]);
    expect(await queued(app)).toEqual([]);
    // A tab opened before the edit still shows the deleted image: its save hears why it is refused.
    const stale = await save('PUT', '/api/products/logo-hoodie', {
      version: first.version,
      images: [{ key: red }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/^Someone else saved this product since you opened it/);
  });

  it("keeps a product image removed from the product that a customer's order shows", async () => {
    const created = json<AdminProductDetail>(
      await save('POST', '/api/products', { ...PRODUCT, name: 'Logo Hoodie', published: true }, [
        await file('#aa0000'),
      ]),
    );
    const buyer = await createUser(app.db);
    const order = await createOrder(app.db, {
      userId: buyer.id,
      lines: [{ product: { id: created._id }, size: 'Large', quantity: 1 }],
    });
    await save('PUT', '/api/products/logo-hoodie', { version: created.version, images: [] });
    await waitOutGrace(app);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(0);
    const seen = await app.inject({
      url: `/api/orders/${order.id}`,
      headers: { cookie: await signInAs(app, buyer) },
    });
    const src = json<Order>(seen).products[0]?.image.src;
    expect(src).toBe(`/media/${renditionKey(created.imageKeys[0]!, 640)}`);
    expect((await app.inject(src!)).statusCode).toBe(200);
  });

  it("deletes the uploads of a save that was refused, and never a product's own images", async () => {
    const created = json<AdminProductDetail>(
      await save('POST', '/api/products', { ...PRODUCT, name: 'Logo Hoodie' }, [await file('#aa0000')]),
    );
    const [red] = created.imageKeys as [string];
    await settle();
    // A form naming an image the storage never had: the new picture was stored before that was found.
    const unknown = await save(
      'PUT',
      '/api/products/logo-hoodie',
      {
        version: created.version,
        images: [{ key: red }, { key: 'images/00000000000000000000' }, { upload: 0 }],
      },
      [await file('#0000aa')],
    );
    expect(unknown.statusCode).toBe(400);
    // The second file is no image: the first was stored before the refusal.
    const refused = await save('POST', '/api/products', { ...PRODUCT, name: 'Plain Tee' }, [
      await file('#00aa00'),
      { body: Buffer.from('not a picture'), filename: 'x.png' },
    ]);
    expect(refused.statusCode).toBe(415);
    const [blue, green] = [await keyOf('#0000aa'), await keyOf('#00aa00')];
    expect(await served(app, blue)).toEqual([200, 200, 200]);

    await waitOutGrace(app);
    // The two uploads, and the unknown key the form named (queued as it was looked for; no files).
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(3);
    expect(await served(app, blue)).toEqual([404, 404, 404]);
    expect(await served(app, green)).toEqual([404, 404, 404]);
    expect(await served(app, red)).toEqual([200, 200, 200]);
  });

  it("deletes a barber's replaced photo, and a deleted barber's photo and gallery", async () => {
    const created = json<AdminBarber>(
      await save('POST', '/api/barbers', { ...BARBER, photo: { upload: 0 }, gallery: [{ upload: 1 }] }, [
        await file('#111111'),
        await file('#222222'),
      ]),
    );
    const [first, gallery] = [created.photoKey!, created.galleryKeys[0]!];
    await settle();
    const edited = json<AdminBarber>(
      await save('PUT', `/api/barbers/${created.gid}`, { version: created.version, photo: { upload: 0 } }, [
        await file('#333333'),
      ]),
    );
    await waitOutGrace(app);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(1);
    expect(await served(app, first)).toEqual([404, 404, 404]);
    expect(await served(app, gallery)).toEqual([200, 200, 200]);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/barbers/${created.gid}`,
      headers: { cookie: admin, 'sec-fetch-site': 'same-origin' },
    });
    expect(removed.statusCode).toBe(200);
    await waitOutGrace(app);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(2);
    expect(await served(app, edited.photoKey!)).toEqual([404, 404, 404]);
    expect(await served(app, gallery)).toEqual([404, 404, 404]);
  });

  it('keeps a queued image that a save in progress is using, though it has waited out the grace period', async () => {
    const red = await png('#aa0000');
    const key = await imageKeyOf(red);
    await queueForSweep(app.db, [key]);
    await waitOutGrace(app);
    // The save has stored its upload, the same picture, and has not committed yet.
    expect(await storeUploads(app.db, app.media, [uploadOf(app, red)])).toEqual([key]);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(0);
    expect(await served(app, key)).toEqual([200, 200, 200]);
  });

  it('refuses a save whose upload was deleted before it committed, rather than show a broken image', async () => {
    const [key] = await storeUploads(app.db, app.media, [uploadOf(app, await png('#aa0000'))]);
    // A save slower than the grace period: the sweep found the upload unused.
    await waitOutGrace(app);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(1);
    await expect(app.db.transaction((tx) => holdImagesForSave(tx, app.media, [], [key!]))).rejects.toThrow(
      'An image of this form was deleted before it was saved: add it again, then save.',
    );
  });

  it('moves an image the storage stops deleting behind the others, names it, and leaves it for a save to store whole', async () => {
    const [stuck, free] = await Promise.all([keyOf('#aa0000'), keyOf('#00aa00')]);
    for (const picture of [await png('#aa0000'), await png('#00aa00')]) await storeImage(app.media, picture);
    await queueForSweep(app.db, [stuck, free]);
    await waitOutGrace(app);
    // The bucket fails in the middle of the image's three files.
    const failing: MediaStorage = {
      ...app.media,
      remove: async (key) => {
        if (key === renditionKey(stuck, 640)) throw new Error('S3 DELETE failed: 503');
        await app.media.remove(key);
      },
    };
    await expect(sweepUnreferencedMedia(app.db, failing)).rejects.toThrow(
      `The media sweep deleted 1 images and could not delete 1: ${stuck}: S3 DELETE failed: 503`,
    );
    expect(await served(app, free)).toEqual([404, 404, 404]);
    expect(await queued(app)).toEqual([stuck]);
    expect(await sweepUnreferencedMedia(app.db, app.media)).toBe(0);
    // The same picture uploaded again finds it incomplete and stores every size anew.
    await storeUploads(app.db, app.media, [uploadOf(app, await png('#aa0000'))]);
    expect(await served(app, stuck)).toEqual([200, 200, 200]);
  });
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
    await queueForSweep(app.db, keys);
    await waitOutGrace(app);
    const [a, b] = await Promise.all([
      sweepUnreferencedMedia(app.db, app.media),
      sweepUnreferencedMedia(app.db, app.media),
    ]);
    expect(a + b).toBe(20);
    for (const key of keys) expect(await served(app, key)).toEqual([404, 404, 404]);
  });

  it('makes a save about to use an image wait for the sweep deleting it, then stores the picture again', async () => {
    const picture = await png('#abcdef');
    const key = await storeImage(app.media, picture);
    await queueForSweep(app.db, [key]);
    await waitOutGrace(app);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let deleting!: () => void;
    const deletingStarted = new Promise<void>((resolve) => {
      deleting = resolve;
    });
    // The sweep stops at its first deletion until the save has arrived.
    const gated: MediaStorage = {
      ...app.media,
      remove: async (file) => {
        deleting();
        await gate;
        await app.media.remove(file);
      },
    };
    const sweeping = sweepUnreferencedMedia(app.db, gated);
    await deletingStarted;
    const saving = storeUploads(app.db, app.media, [uploadOf(app, picture)]);
    await waitForLockWait(app);
    open();
    expect(await sweeping).toBe(1);
    expect(await saving).toEqual([key]);
    expect(await served(app, key)).toEqual([200, 200, 200]);
    expect(await queued(app)).toEqual([key]);
  });
});
