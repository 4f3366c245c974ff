import type { AdminProductDetail } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../test/app.ts';
import { startFakeS3 } from '../../test/fake-s3.ts';
import { type FormFile, multipart } from '../../test/multipart.ts';
import { pngBomb } from '../../test/png-bomb.ts';
import { signInAs } from '../../test/sessions.ts';
import { IMAGE_WIDTHS, renditionKey } from '../media/images.ts';

const FORM = { name: 'Logo Hoodie', description: 'Heavy fleece.', pricing: 55, category: 'Hoodies' };

const png = async (color: string, width = 800, height = 600): Promise<FormFile> => ({
  body: await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer(),
  filename: `${color.slice(1)}.png`,
});

describe('product images', () => {
  let app: TestApp;
  let staff: string;
  beforeAll(async () => {
    app = await buildTestApp();
    staff = await signInAs(app, await createUser(app.db, { accessLevel: 1 }));
  });
  afterAll(() => app.close());
  afterEach(async () => {
    await app.db.delete(schema.productImages);
    await app.db.delete(schema.productStock);
    await app.db.delete(schema.auditLog);
    await app.db.delete(schema.products);
  });

  const save = async (method: 'POST' | 'PUT', url: string, form: unknown, files: FormFile[] = []) => {
    const body = await multipart(form, files);
    return app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: staff } });
  };

  it('stores uploads as WebP renditions for srcset, in the order the form gives', async () => {
    const response = await save(
      'POST',
      '/api/products',
      { ...FORM, images: [{ upload: 1 }, { upload: 0 }] },
      [await png('#aa0000'), await png('#00aa00')],
    );
    expect(response.statusCode).toBe(200);
    const product = json<AdminProductDetail>(response);
    expect(product.imageKeys).toHaveLength(2);
    const [green, red] = product.imageKeys as [string, string];
    expect(product.images[0]).toEqual({
      src: `/media/${renditionKey(green, 640)}`,
      srcSet: IMAGE_WIDTHS.map((w) => `/media/${renditionKey(green, w)} ${w}w`).join(', '),
      alt: 'Logo Hoodie',
    });
    for (const width of IMAGE_WIDTHS) {
      const served = await app.inject(`/media/${renditionKey(red, width)}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 800));
    }
    // Without `images` in the form, the uploads keep the order they were sent in.
    const plain = await save('POST', '/api/products', { ...FORM, name: 'Plain Tee', category: 'Shirts' }, [
      await png('#aa0000'),
      await png('#00aa00'),
    ]);
    expect(json<AdminProductDetail>(plain).imageKeys).toEqual([red, green]);
  });

  it('reorders, removes and adds images on edit, and leaves them alone when the form says nothing', async () => {
    const created = json<AdminProductDetail>(
      await save('POST', '/api/products', FORM, [await png('#aa0000'), await png('#00aa00')]),
    );
    const [red, green] = created.imageKeys as [string, string];
    const untouched = await save('PUT', '/api/products/logo-hoodie', { pricing: 60, version: 1 });
    expect(json<AdminProductDetail>(untouched).imageKeys).toEqual([red, green]);

    const edited = await save(
      'PUT',
      '/api/products/logo-hoodie',
      { images: [{ upload: 0 }, { key: green }], version: 2 },
      [await png('#0000aa')],
    );
    expect(edited.statusCode).toBe(200);
    const keys = json<AdminProductDetail>(edited).imageKeys;
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(green);
    expect(keys).not.toContain(red);

    const none = await save('PUT', '/api/products/logo-hoodie', { images: [], version: 3 });
    expect(json<AdminProductDetail>(none)).toMatchObject({
      images: [{ src: '/placeholder.svg' }],
      imageKeys: [],
    });
  });

  it('names the bad image slot', async () => {
    const missingUpload = await save('POST', '/api/products', { ...FORM, images: [{ upload: 2 }] }, [
      await png('#aa0000'),
    ]);
    expect(missingUpload.statusCode).toBe(400);
    expect(missingUpload.json().error.message).toBe('form.images.0: no uploaded file 2');
    const unknownKey = await save('POST', '/api/products', {
      ...FORM,
      images: [{ key: 'images/0123456789abcdef0123' }],
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().error.message).toBe('form.images.0: is not a stored image');
    const wrongField = await multipart(FORM, [await png('#aa0000')], { fileField: 'photo' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: wrongField.payload,
      headers: { ...wrongField.headers, cookie: staff },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Send files in the "images" field, not "photo".');
  });

  it('keeps nothing of a polyglot: a real PNG with an HTML page after its end is served as WebP made from its pixels alone', async () => {
    const picture = await png('#aa0000', 40, 40);
    const page = '<html><script>alert(document.cookie)</script></html>';
    const response = await save('POST', '/api/products', FORM, [
      { ...picture, body: Buffer.concat([picture.body, Buffer.from(page)]) },
    ]);
    expect(response.statusCode).toBe(200);
    const [key] = json<AdminProductDetail>(response).imageKeys;
    for (const width of IMAGE_WIDTHS) {
      const served = await app.inject(`/media/${renditionKey(key!, width)}`);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.toString('latin1')).not.toContain('<script');
    }
  });

  it('strips metadata: a GPS-tagged photo comes out without GPS or any EXIF', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Artist: 'Customer' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '38/1 50/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '104/1 49/1 0/1',
        },
      })
      .toBuffer();
    const input = await sharp(photo).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian as sharp writes it): the upload carries a location.
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await save('POST', '/api/products', FORM, [
      { body: photo, filename: 'shop.jpg', type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(200);
    const [key] = json<AdminProductDetail>(response).imageKeys;
    for (const width of IMAGE_WIDTHS) {
      const served = await app.inject(`/media/${renditionKey(key!, width)}`);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('PhoneCo');
      expect(served.rawPayload.toString('latin1')).not.toContain('Exif');
    }
  });

  it.each([
    [
      'a text file named like a photo',
      () => ({
        body: Buffer.from('just some notes, not a picture\n'),
        filename: 'photo.jpg',
        type: 'image/jpeg',
      }),
      415,
      'That file is not an image we can read (JPEG, PNG, WebP, AVIF or GIF).',
    ],
    [
      'an SVG with a script',
      () => ({
        body: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
        ),
        filename: 'logo.svg',
        type: 'image/svg+xml',
      }),
      415,
      'That file is not an image we can read (JPEG, PNG, WebP, AVIF or GIF).',
    ],
    [
      'an SVG with a script, named and typed as a PNG',
      () => ({
        body: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script></svg>',
        ),
        filename: 'photo.png',
        type: 'image/png',
      }),
      415,
      'That file is not an image we can read (JPEG, PNG, WebP, AVIF or GIF).',
    ],
    [
      'an HTML page named and typed as a PNG',
      () => ({
        body: Buffer.from('<!doctype html><title>x</title><script>alert(document.cookie)</script>'),
        filename: 'photo.png',
        type: 'image/png',
      }),
      415,
      'That file is not an image we can read (JPEG, PNG, WebP, AVIF or GIF).',
    ],
    [
      'a 20000 x 20000 PNG',
      async () => ({ body: await pngBomb(20_000), filename: 'huge.png' }),
      413,
      'Images must be 40 megapixels or smaller.',
    ],
    [
      'a 1 x 39,000,000 PNG (a minute of decoding, then too tall for WebP)',
      async () => ({ body: await pngBomb(1, 39_000_000), filename: 'strip.png' }),
      400,
      "An image's long side may be at most 10 times its short side.",
    ],
    [
      'a 20000 x 1000 PNG',
      async () => ({ body: await pngBomb(20_000, 1000), filename: 'banner.png' }),
      400,
      "An image's long side may be at most 10 times its short side.",
    ],
    [
      'an 11 MB file',
      () => ({ body: Buffer.alloc(11 * 1024 * 1024, 7), filename: 'big.jpg', type: 'image/jpeg' }),
      413,
      'Images must be 10 MB or smaller.',
    ],
  ])('refuses %s and saves nothing', async (_label, file, status, message) => {
    const response = await save('POST', '/api/products', FORM, [await file()]);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await app.db.select().from(schema.products)).toEqual([]);
  });

  it('refuses more than 10 files in one request', async () => {
    const one = await png('#aa0000', 40, 40);
    const response = await save(
      'POST',
      '/api/products',
      FORM,
      Array.from({ length: 11 }, () => one),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('At most 10 images can be sent at once.');
    expect(await app.db.select().from(schema.products)).toEqual([]);
  });

  it('answers 400, not 500, to a form cut off before its end', async () => {
    const whole = await multipart(FORM, [await png('#aa0000', 40, 40)]);
    const cut = whole.payload.subarray(0, whole.payload.length - 60);
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: cut,
      headers: { ...whole.headers, cookie: staff },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'The upload was cut off or is not a whole form: send it again.',
    );
    expect(await app.db.select().from(schema.products)).toEqual([]);
  });

  // What a client sends when it sets the header itself over a FormData body (fetch then leaves it as is).
  it('answers 400 naming the missing boundary, not 500, to a multipart form whose Content-Type has none', async () => {
    const whole = await multipart(FORM, [await png('#aa0000', 40, 40)]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: whole.payload,
      headers: { 'content-type': 'multipart/form-data', cookie: staff },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'bad_request',
        message:
          "The form's Content-Type names no boundary: let the HTTP client set the Content-Type of a multipart form itself.",
      },
    });
    expect(await app.db.select().from(schema.products)).toEqual([]);
  });
});

describe('product images in S3-compatible storage', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeS3();
    app = await buildTestApp({
      S3_BUCKET: 'shop-media',
      S3_ENDPOINT: fake.endpoint,
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('puts the renditions in the bucket and serves them from there', async () => {
    const staff = await signInAs(app, await createUser(app.db, { accessLevel: 1 }));
    const body = await multipart(FORM, [await png('#123456')]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: body.payload,
      headers: { ...body.headers, cookie: staff },
    });
    expect(response.statusCode).toBe(200);
    const [key] = json<AdminProductDetail>(response).imageKeys;
    for (const width of IMAGE_WIDTHS) {
      expect(fake.objects.has(`/shop-media/${renditionKey(key!, width)}`)).toBe(true);
    }
    const served = await app.inject(`/media/${renditionKey(key!, 320)}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(fake.objects.get(`/shop-media/${renditionKey(key!, 320)}`)!)).toBe(true);
  });
});
