import type { CatalogProduct, ItemCertificate } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createItem, createProduct, createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { signInAs } from '../../test/sessions.ts';

describe('catalogue API', () => {
  let app: TestApp;
  let hoodie: Awaited<ReturnType<typeof createProduct>>;
  let itemId: string;
  let walkInId: string;
  let owner: string;
  let stranger: string;
  let staff: string;

  beforeAll(async () => {
    app = await buildTestApp();
    hoodie = await createProduct(
      app.db,
      { name: 'Logo Hoodie', category: 'Hoodies', priceCents: 5500 },
      { stock: { Large: 3, Small: 0, Medium: 5 }, imageKeys: ['images/front', 'images/back'] },
    );
    await createProduct(app.db, { name: 'Shop Cap', category: 'Hats', priceCents: 2500 });
    await createProduct(app.db, { name: 'Draft Tee', published: false });
    await createProduct(app.db, { name: 'Old Tee', archived: true });
    await createProduct(app.db, { name: 'Gone Tee', deletedAt: new Date() });
    const casey = await createUser(app.db, { name: 'Casey Q Customer' });
    owner = await signInAs(app, casey);
    stranger = await signInAs(app, await createUser(app.db));
    staff = await signInAs(app, await createUser(app.db, { accessLevel: 1 }));
    itemId = (await createItem(app.db, { productId: hoodie.id, size: 'Large', ownerUserId: casey.id })).id;
    walkInId = (await createItem(app.db, { productId: hoodie.id, size: 'Small', ownerLabel: 'owned' })).id;
  });
  afterAll(() => app.close());

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

  it('lists only products on sale, with pricing in dollars and stock per size in size order', async () => {
    const response = await get('/api/products/published');
    expect(response.statusCode).toBe(200);
    const body = response.json<CatalogProduct[]>();
    expect(body.map((p) => p.name).sort()).toEqual(['Logo Hoodie', 'Shop Cap']);
    const listed = body.find((p) => p.name === 'Logo Hoodie');
    expect(listed).toEqual({
      _id: hoodie.id,
      name: 'Logo Hoodie',
      slug: 'logo-hoodie',
      description: hoodie.description,
      pricing: 55,
      category: 'Hoodies',
      images: [
        expect.objectContaining({ src: '/media/images/front-640.webp', alt: 'Logo Hoodie' }),
        expect.objectContaining({ src: '/media/images/back-640.webp' }),
      ],
      stock: [
        { size: 'Small', quantity: 0 },
        { size: 'Medium', quantity: 5 },
        { size: 'Large', quantity: 3 },
      ],
    });
    expect(body.find((p) => p.name === 'Shop Cap')?.images).toEqual([
      { src: '/placeholder.svg', srcSet: '', alt: 'Shop Cap' },
    ]);
  });

  it('finds a product by slug or exact name in any case', async () => {
    for (const name of ['logo-hoodie', 'Logo%20Hoodie', 'LOGO%20HOODIE', 'Logo-Hoodie']) {
      const response = await get(`/api/products/store/${name}`);
      expect(response.statusCode, name).toBe(200);
      expect(response.json<CatalogProduct>()._id).toBe(hoodie.id);
    }
  });

  it('answers 404 for drafts, archived, deleted and unknown products', async () => {
    for (const name of ['draft-tee', 'old-tee', 'gone-tee', 'nothing']) {
      const response = await get(`/api/products/store/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such product.' } });
    }
  });

  it('finds a renamed product by the slugs it had before, the latest owner of a slug first', async () => {
    const crest = await createProduct(app.db, { name: 'Crest Tee' });
    const rename = async (slug: string, name: string, version: number) => {
      const body = await multipart({ name, version });
      const response = await app.inject({
        method: 'PUT',
        url: `/api/products/${slug}`,
        payload: body.payload,
        headers: { ...body.headers, cookie: staff },
      });
      expect(response.statusCode, name).toBe(200);
    };
    const found = async (slug: string) => {
      const response = await get(`/api/products/store/${slug}`);
      return response.statusCode === 200 ? response.json<CatalogProduct>() : response.statusCode;
    };
    await rename('crest-tee', 'Brass Crest Tee', 1);
    await rename('brass-crest-tee', 'Gold Crest Tee', 2);
    for (const slug of ['crest-tee', 'brass-crest-tee', 'gold-crest-tee']) {
      expect(await found(slug), slug).toMatchObject({ _id: crest.id, slug: 'gold-crest-tee' });
    }

    // A product given a former slug anew is what that address shows.
    const newer = await createProduct(app.db, { name: 'Brass Crest Tee' });
    expect(await found('brass-crest-tee')).toMatchObject({ _id: newer.id });
    expect(await found('crest-tee')).toMatchObject({ _id: crest.id });

    // Off sale, the old addresses are as gone as the new one.
    await app.inject({
      method: 'POST',
      url: '/api/products/archives/gold-crest-tee',
      payload: { archived: true },
      headers: { cookie: staff, 'sec-fetch-site': 'same-origin' },
    });
    for (const slug of ['crest-tee', 'gold-crest-tee']) expect(await found(slug), slug).toBe(404);
  });

  it("shows an item's certificate to anyone, the owner's first name only to the owner and staff", async () => {
    const anonymous = await get(`/api/products/logo-hoodie/${itemId}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect(anonymous.json<ItemCertificate>()).toEqual({
      product: {
        _id: hoodie.id,
        name: 'Logo Hoodie',
        slug: 'logo-hoodie',
        images: expect.any(Array),
        inStore: true,
      },
      item: {
        _id: itemId,
        size: 'Large',
        status: 'printing',
        owned: true,
        ownerFirstName: null,
        createdAt: expect.any(String),
      },
    });
    expect(
      (await get(`/api/products/logo-hoodie/${itemId}`, stranger)).json<ItemCertificate>().item
        .ownerFirstName,
    ).toBeNull();
    expect(
      (await get(`/api/products/logo-hoodie/${itemId}`, owner)).json<ItemCertificate>().item.ownerFirstName,
    ).toBe('Casey');
    expect(
      (await get(`/api/products/Logo%20Hoodie/${itemId}`, staff)).json<ItemCertificate>().item.ownerFirstName,
    ).toBe('Casey');
    const walkIn = (await get(`/api/products/logo-hoodie/${walkInId}`, staff)).json<ItemCertificate>();
    // A label printed before the product was renamed names it as it was: the item's id still finds it.
    const renamed = await get(`/api/products/old-hoodie-name/${itemId}`);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<ItemCertificate>().product.slug).toBe('logo-hoodie');
    expect(walkIn.item).toMatchObject({ owned: true, ownerFirstName: null, size: 'Small' });
  });

  it('still shows the certificate of an item whose product left the store, saying it left', async () => {
    for (const name of ['Draft Tee', 'Old Tee', 'Gone Tee']) {
      const [product] = await app.db.select().from(schema.products).where(eq(schema.products.name, name));
      const item = await createItem(app.db, { productId: product!.id, size: 'Medium', ownerLabel: 'owned' });
      const response = await get(`/api/products/${product!.slug}/${item.id}`);
      expect(response.statusCode, name).toBe(200);
      expect(response.json<ItemCertificate>().product).toMatchObject({ name, inStore: false });
    }
  });

  it("answers 'No item found' for a missing item or a malformed id", async () => {
    for (const url of [
      '/api/products/logo-hoodie/00000000-0000-4000-8000-000000000000',
      '/api/products/logo-hoodie/not-an-id',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No item found' } });
    }
  });
});
