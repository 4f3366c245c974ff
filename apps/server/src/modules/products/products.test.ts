import type { AdminProduct, AdminProductDetail, CatalogProduct, Size } from '@barbershop/contract';
import { centsToDollars } from '@barbershop/contract';
import { schema } from '@barbershop/db';
import { createItem, createProduct, createUser } from '@barbershop/db/factories';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { createOrder } from '../../test/orders.ts';
import { signInAs } from '../../test/sessions.ts';
import { stockAfterEdit } from './products.service.ts';

const HOODIE = {
  name: 'Logo Hoodie',
  description: 'Heavy fleece with the shop logo.',
  pricing: '55',
  category: 'Hoodies',
  sizes: { Small: 4, Medium: 'lots', Large: 2 },
};

describe('a stock edit against counts that moved meanwhile', () => {
  it('moves loaded sizes by the change; takes new sizes as typed; drops sizes left out', () => {
    const seen = { Small: 4, Medium: 8, Large: 3 };
    const now = { Small: 1, Medium: 6, Large: 3 };
    expect(stockAfterEdit({ Small: 3, Medium: 10, 'Extra-Large': 2 }, seen, now)).toEqual({
      Small: 0,
      Medium: 8,
      'Extra-Large': 2,
    });
    // Four Small taken off, where checkouts have left one: at 0, their three would come back on top.
    expect(() => stockAfterEdit({ Small: 0 }, seen, now)).toThrow(
      'form.sizes.Small: Checkouts took 3 Small while this form was open, leaving 1 to sell, fewer than the 4 you took off.',
    );
    // Without what the editor saw (an API client), the counts are set as sent.
    expect(stockAfterEdit({ Medium: 10 }, undefined, now)).toEqual({ Medium: 10 });
  });
});

describe('staff product API', () => {
  let app: TestApp;
  let staff: string;
  let admin: string;
  let staffId: string;

  beforeEach(async () => {
    app = await buildTestApp();
    const staffUser = await createUser(app.db, { accessLevel: 1, name: 'Sam Staff' });
    staffId = staffUser.id;
    staff = await signInAs(app, staffUser);
    admin = await signInAs(app, await createUser(app.db, { accessLevel: 2 }));
  });
  afterEach(() => app.close());

  const send = async (method: 'POST' | 'PUT', url: string, form: unknown, cookie = staff) => {
    const body = await multipart(form);
    return app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = staff) =>
    app.inject({
      method,
      url,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      ...(payload ? { payload } : {}),
    });
  /** A customer presses Pay for `quantity` of one size: the units are held by a pending order. */
  const checkOut = async (productId: string, size: Size, quantity: number) => {
    const customer = await signInAs(app, await createUser(app.db));
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie: customer },
      payload: { products: [{ _id: productId, size, quantity }] },
    });
    expect(checkout.statusCode).toBe(200);
  };
  const auditRows = (entityId: string) =>
    app.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId));
  /** A Logo Hoodie with this stock, as the dashboard opens it. */
  const openHoodie = async (stock: Record<string, number>) => {
    await createProduct(app.db, { name: 'Logo Hoodie', category: 'Hoodies' }, { stock });
    return json<AdminProductDetail>(await call('GET', '/api/products/logo-hoodie'));
  };
  /** A save of the Logo Hoodie that is refused with `status` and `message`; the product as it is after. */
  const refusedSave = async (body: Record<string, unknown>, status: number, message: string) => {
    const refused = await send('PUT', '/api/products/logo-hoodie', body);
    expect(refused.statusCode).toBe(status);
    expect(refused.json().error.message).toBe(message);
    return json<AdminProductDetail>(await call('GET', '/api/products/logo-hoodie'));
  };

  it('creates a draft from the form: pricing in dollars, a size count that is not a number becomes 0', async () => {
    const response = await send('POST', '/api/products', HOODIE);
    expect(response.statusCode).toBe(200);
    const product = json<AdminProductDetail>(response);
    expect(product).toMatchObject({
      name: 'Logo Hoodie',
      slug: 'logo-hoodie',
      pricing: 55,
      category: 'Hoodies',
      published: false,
      archived: false,
      version: 1,
      images: [{ src: '/placeholder.svg', srcSet: '', alt: 'Logo Hoodie' }],
      imageKeys: [],
      items: [],
      stock: [
        { size: 'Small', quantity: 4 },
        { size: 'Medium', quantity: 0 },
        { size: 'Large', quantity: 2 },
      ],
    });
    const [row] = await app.db.select().from(schema.products).where(eq(schema.products.id, product._id));
    expect(row?.priceCents).toBe(5500);
    const audit = await auditRows(product._id);
    expect(audit).toMatchObject([
      { entity: 'product', action: 'create', actorUserId: staffId, before: null },
    ]);
    expect(audit[0]?.after).toMatchObject({ name: 'Logo Hoodie', pricing: 55 });
  });

  it("refuses a name whose address is one of the API's own words, on create and on rename", async () => {
    for (const name of ['Published', 'STORE', 'Publish', 'Archives', 'Create']) {
      const response = await send('POST', '/api/products', { ...HOODIE, name });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        `form.name: "${name}" is a word the shop's web addresses use: choose another name`,
      );
    }
    await createProduct(app.db, { name: 'Logo Hoodie' });
    const rename = await send('PUT', '/api/products/logo-hoodie', { name: 'Published', version: 1 });
    expect(rename.statusCode).toBe(400);
    expect((await call('GET', '/api/products/logo-hoodie')).statusCode).toBe(200);
  });

  it('names the missing or bad field of the form', async () => {
    // SPEC.md section 5: name, description, pricing and category are required, left out or blank.
    for (const [form, message] of [
      [{ ...HOODIE, name: undefined }, 'form.name: Name is required'],
      [{ ...HOODIE, name: '  ' }, 'form.name: Name is required'],
      [{ ...HOODIE, description: undefined }, 'form.description: Description is required'],
      [{ ...HOODIE, description: '' }, 'form.description: Description is required'],
      [{ ...HOODIE, pricing: undefined }, 'form.pricing: Pricing is required'],
      [{ ...HOODIE, category: undefined }, 'form.category: Category must be Hats, Shirts or Hoodies'],
      [{ ...HOODIE, name: 'N'.repeat(81) }, 'form.name: Name must be 80 characters or fewer'],
      [{ ...HOODIE, name: 42 }, 'form.name: Name must be text'],
    ] as const) {
      const refused = await send('POST', '/api/products', form);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    const badCategory = await send('POST', '/api/products', { ...HOODIE, category: 'Socks' });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().error.message).toBe('form.category: Category must be Hats, Shirts or Hoodies');
    // A NUL would make PostgreSQL throw (a 500); other control characters would reach the store.
    for (const name of ['Logo\u0000Hoodie', 'Logo\u001bHoodie']) {
      const control = await send('POST', '/api/products', { ...HOODIE, name });
      expect(control.statusCode).toBe(400);
      expect(control.json().error.message).toBe('form.name: must not contain control characters');
    }
    const noForm = await send('POST', '/api/products', undefined);
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().error.message).toBe('form: is required');
    // The form part as written, not as JSON.stringify would write it.
    const sendFormText = (text: string) =>
      app.inject({
        method: 'POST',
        url: '/api/products',
        headers: {
          cookie: staff,
          'sec-fetch-site': 'same-origin',
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload: `--x\r\nContent-Disposition: form-data; name="form"\r\n\r\n${text}\r\n--x--\r\n`,
      });
    const notJson = await sendFormText('{oops');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.message).toBe('form: is not valid JSON');
    // A key that would set an object's prototype, refused in the form's JSON as in a JSON body (where
    // it was) rather than dropped: the hoodie was saved, 200, without the 5 units its sizes named.
    for (const poisoned of [
      `{"name":"Logo Hoodie","description":"Fleece.","pricing":55,"category":"Hoodies","sizes":{"__proto__":{"Medium":5}}}`,
      `{"name":"Logo Hoodie","description":"Fleece.","pricing":55,"category":"Hoodies","sizes":{"constructor":{"prototype":{"Medium":5}}}}`,
    ]) {
      const refused = await sendFormText(poisoned);
      expect(refused.statusCode, poisoned).toBe(400);
      expect(refused.json().error.message).toBe('form: must not contain a "__proto__" or "constructor" key');
    }
    expect(await app.db.select().from(schema.products)).toEqual([]);
    const longest = await send('POST', '/api/products', { ...HOODIE, name: 'N'.repeat(80) });
    expect(longest.statusCode).toBe(200);
  });

  it('refuses an empty, fractional-cent or non-decimal price instead of saving $0, rounding it or reading it otherwise', async () => {
    for (const [pricing, message] of [
      ['', 'form.pricing: Pricing is required'],
      ['  ', 'form.pricing: Pricing is required'],
      ['10.999', 'form.pricing: Pricing must be in whole cents'],
      // What Number() would read as another price than the one typed.
      ['0x10', 'form.pricing: Pricing must be in dollars, such as 25 or 1,200.50'],
      ['1e2', 'form.pricing: Pricing must be in dollars, such as 25 or 1,200.50'],
      // Cents after a comma: read as thousands, a price a hundred times too high.
      ['25,50', 'form.pricing: Pricing must be in dollars, such as 25 or 1,200.50'],
      ['100000.01', 'form.pricing: Pricing must be $100,000 or less'],
    ]) {
      const created = await send('POST', '/api/products', { ...HOODIE, pricing });
      expect(created.statusCode, pricing).toBe(400);
      expect(created.json().error.message).toBe(message);
    }
    expect(await app.db.select().from(schema.products)).toEqual([]);
    const product = await createProduct(app.db, { name: 'Logo Hoodie', priceCents: 5500 });
    const cleared = await send('PUT', '/api/products/logo-hoodie', { pricing: '', version: 1 });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.message).toBe('form.pricing: Pricing is required');
    const [row] = await app.db.select().from(schema.products).where(eq(schema.products.id, product.id));
    expect(row?.priceCents).toBe(5500);
    const cents = await send('PUT', '/api/products/logo-hoodie', { pricing: '29.99', version: 1 });
    expect(json<AdminProduct>(cents).pricing).toBe(29.99);
    const most = await send('PUT', '/api/products/logo-hoodie', { pricing: '100000', version: 2 });
    expect(json<AdminProduct>(most).pricing).toBe(100_000);
  });

  it('takes a price typed as US prices are written, with a dollar sign and thousands grouped', async () => {
    for (const [pricing, cents] of [
      ['$25.00', 2500],
      ['1,200.50', 120050],
      [' $ 35.5 ', 3550],
    ] as const) {
      const created = await send('POST', '/api/products', { ...HOODIE, name: `Hoodie ${cents}`, pricing });
      expect(created.statusCode, pricing).toBe(200);
      const [row] = await app.db
        .select()
        .from(schema.products)
        .where(eq(schema.products.id, created.json()._id));
      expect(row?.priceCents, pricing).toBe(cents);
    }
  });

  it('refuses a name already taken by a live product, whatever its case (409)', async () => {
    await createProduct(app.db, { name: 'Logo Hoodie' });
    for (const name of ['Logo Hoodie', 'LOGO HOODIE', 'logo hoodie!', 'Lógo Hoodie']) {
      const response = await send('POST', '/api/products', { ...HOODIE, name });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        `Name must be unique! A product named "${name}", or differing from it only in case, accents, spaces or punctuation, already exists.`,
      );
    }
    const other = await createProduct(app.db, { name: 'Snapback' });
    const renamed = await send('PUT', `/api/products/${other.slug}`, { name: 'logo HOODIE', version: 1 });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.message).toMatch(/^Name must be unique!/);
  });

  it('takes a name written in any script, reached at its own address; a name with no letter is refused', async () => {
    const created = await send('POST', '/api/products', {
      ...HOODIE,
      name: 'Кепка Цирюльника',
      published: true,
    });
    const product = json<AdminProductDetail>(created);
    expect(product.slug).toBe('кепка-цирюльника');
    for (const name of [product.slug, 'Кепка Цирюльника', 'КЕПКА ЦИРЮЛЬНИКА']) {
      const response = await call('GET', `/api/products/store/${encodeURIComponent(name)}`);
      expect(json<CatalogProduct>(response)._id).toBe(product._id);
    }
    const japanese = await send('POST', '/api/products', { ...HOODIE, name: '理髪店 キャップ' });
    expect(json<AdminProductDetail>(japanese).slug).toBe('理髪店-キャップ');
    const emoji = await send('POST', '/api/products', { ...HOODIE, name: '💈 ✂️' });
    expect(emoji.statusCode).toBe(400);
    expect(emoji.json().error.message).toBe('form.name: must contain a letter or a digit');
  });

  it('lists every live product, drafts and archived too, but not deleted ones', async () => {
    const draft = await createProduct(app.db, { name: 'Draft Cap', published: false });
    const archived = await createProduct(app.db, { name: 'Old Tee', archived: true });
    await createProduct(app.db, { name: 'Gone Tee', archived: true, deletedAt: new Date() });
    const response = await call('GET', '/api/products');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const products = json<AdminProduct[]>(response);
    expect(products.map((p) => p.name).sort()).toEqual(['Draft Cap', 'Old Tee']);
    expect(products.find((p) => p._id === draft.id)).toMatchObject({ published: false, archived: false });
    expect(products.find((p) => p._id === archived.id)).toMatchObject({ archived: true });
  });

  it('finds a product by slug or exact name in any case, with its items and their owners', async () => {
    const buyer = await createUser(app.db, { name: 'Ada Buyer' });
    const product = await createProduct(app.db, { name: 'Logo Hoodie' });
    await createOrder(app.db, { userId: buyer.id, lines: [{ product, size: 'Large', quantity: 1 }] });
    await createItem(app.db, { productId: product.id, size: 'Small', ownerLabel: 'owned' });
    for (const name of ['logo-hoodie', 'Logo%20Hoodie', 'LOGO%20HOODIE']) {
      const response = await call('GET', `/api/products/${name}`);
      expect(response.statusCode).toBe(200);
      const detail = json<AdminProductDetail>(response);
      expect(detail._id).toBe(product.id);
      expect(detail.items.map((item) => item.owner).sort()).toEqual(['Ada Buyer', 'owned']);
      expect(detail.items.find((item) => item.owner === 'Ada Buyer')?.ownerGid).toBe(buyer.id);
    }
    const missing = await call('GET', '/api/products/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'No such product.' } });
  });

  it('edits only the fields sent, leaves items alone, and raises the version', async () => {
    const product = await createProduct(app.db, { name: 'Logo Hoodie', category: 'Hoodies' });
    const item = await createItem(app.db, { productId: product.id, size: 'Small', ownerLabel: 'owned' });
    const response = await send('PUT', '/api/products/logo-hoodie', {
      pricing: 60,
      sizes: { Medium: 7 },
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const detail = json<AdminProductDetail>(response);
    expect(detail).toMatchObject({
      name: 'Logo Hoodie',
      description: product.description,
      pricing: 60,
      version: 2,
      stock: [{ size: 'Medium', quantity: 7 }],
      items: [{ _id: item.id, owner: 'owned' }],
    });
    const audit = await auditRows(product.id);
    expect(audit.map((row) => `${row.entity} ${row.action}`).sort()).toEqual(['product update', 'stock set']);
    // The change itself, not the units sold (their owners' names) copied into every row.
    const update = audit.find((row) => row.action === 'update')!;
    expect(update.before).toMatchObject({ pricing: centsToDollars(product.priceCents) });
    expect(update.after).toMatchObject({ pricing: 60 });
    expect(Object.keys(update.before as object)).not.toContain('items');
    expect(Object.keys(update.after as object)).not.toContain('items');
    expect(Object.keys(update.after as object)).not.toContain('reserved');

    // The form sends every size on each save: stock left as it was is no stock change in the log.
    const again = await send('PUT', '/api/products/logo-hoodie', {
      description: 'Heavier fleece.',
      sizes: { Medium: 7 },
      stockSeen: { Medium: 7 },
      version: 2,
    });
    expect(again.statusCode).toBe(200);
    expect((await auditRows(product.id)).map((row) => `${row.entity} ${row.action}`).sort()).toEqual([
      'product update',
      'product update',
      'stock set',
    ]);
  });

  it('shows staff the units that checkouts in progress hold, apart from the stock left to sell', async () => {
    const product = await createProduct(
      app.db,
      { name: 'Logo Hoodie', category: 'Hoodies' },
      { stock: { Medium: 8, Large: 3 } },
    );
    await checkOut(product.id, 'Medium', 2);
    // A paid order's unit is sold: no longer held.
    await createOrder(app.db, {
      userId: (await createUser(app.db)).id,
      lines: [{ product, size: 'Large', quantity: 1 }],
    });
    const shown = json<AdminProductDetail>(await call('GET', '/api/products/logo-hoodie'));
    expect(shown.stock).toEqual([
      { size: 'Medium', quantity: 6 },
      { size: 'Large', quantity: 2 },
    ]);
    expect(shown.reserved).toEqual([{ size: 'Medium', quantity: 2 }]);
    const listed = json<AdminProduct[]>(await call('GET', '/api/products'));
    expect(listed.find((entry) => entry._id === product.id)?.reserved).toEqual([
      { size: 'Medium', quantity: 2 },
    ]);
  });

  it('keeps what checkouts took while the form was open: a stock edit moves each count by what staff changed', async () => {
    const opened = await openHoodie({ Medium: 8, Large: 3 });
    const seen = Object.fromEntries(opened.stock.map((entry) => [entry.size, entry.quantity]));
    await checkOut(opened._id, 'Medium', 2);
    // Staff fix the description and restock Large by 2, the form still showing Medium 8.
    const saved = await send('PUT', '/api/products/logo-hoodie', {
      description: 'Heavy fleece.',
      sizes: { Medium: 8, Large: 5 },
      stockSeen: seen,
      version: opened.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(json<AdminProductDetail>(saved).stock).toEqual([
      { size: 'Medium', quantity: 6 },
      { size: 'Large', quantity: 5 },
    ]);
  });

  it('refuses a stock edit taking off more than checkouts left while the form was open, and saves nothing of it', async () => {
    const opened = await openHoodie({ Medium: 3 });
    await checkOut(opened._id, 'Medium', 2);
    // Staff found the three on the shelf damaged and take them all off.
    const after = await refusedSave(
      {
        description: 'Heavy fleece.',
        sizes: { Medium: 0 },
        stockSeen: { Medium: 3 },
        version: opened.version,
      },
      409,
      'form.sizes.Medium: Checkouts took 2 Medium while this form was open, leaving 1 to sell, fewer than the 3 you took off. Nothing was saved: check the count, then save again.',
    );
    expect(after).toMatchObject({
      description: opened.description,
      version: opened.version,
      stock: [{ size: 'Medium', quantity: 1 }],
      reserved: [{ size: 'Medium', quantity: 2 }],
    });
  });

  it('refuses a count below 0, naming its size, and saves nothing: "-1" is not read as 0', async () => {
    const opened = await openHoodie({ Medium: 5, Large: 2 });
    // One damaged Medium, taken off the way a till takes it.
    const after = await refusedSave(
      { sizes: { Medium: '-1', Large: 2 }, stockSeen: { Medium: 5, Large: 2 }, version: opened.version },
      400,
      'form.sizes.Medium: Stock cannot be below 0: type how many are left to sell',
    );
    expect(after).toMatchObject({
      version: opened.version,
      stock: [
        { size: 'Medium', quantity: 5 },
        { size: 'Large', quantity: 2 },
      ],
    });
  });

  it('renames a product: the new slug answers and the old one does not', async () => {
    await createProduct(app.db, { name: 'Logo Hoodie' });
    const response = await send('PUT', '/api/products/logo-hoodie', { name: 'Gold Hoodie', version: 1 });
    expect(response.json()).toMatchObject({ name: 'Gold Hoodie', slug: 'gold-hoodie' });
    expect((await call('GET', '/api/products/gold-hoodie')).statusCode).toBe(200);
    expect((await call('GET', '/api/products/logo-hoodie')).statusCode).toBe(404);
  });

  it('refuses a save based on an older version (two staff editing at once) and records nothing', async () => {
    const product = await createProduct(app.db, { name: 'Logo Hoodie' });
    const first = await send('PUT', '/api/products/logo-hoodie', { description: 'First edit.', version: 1 });
    expect(first.statusCode).toBe(200);
    const second = await send('PUT', '/api/products/logo-hoodie', { pricing: 99, version: 1 }, admin);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'Someone else saved this product since you opened it (version 2, yours 1). Reload it and make your changes again.',
    );
    const now = json<AdminProductDetail>(await call('GET', '/api/products/logo-hoodie'));
    expect(now).toMatchObject({ description: 'First edit.', pricing: 25, version: 2 });
    expect(await auditRows(product.id)).toHaveLength(1);
  });

  it('needs the version on an edit', async () => {
    await createProduct(app.db, { name: 'Logo Hoodie' });
    const response = await send('PUT', '/api/products/logo-hoodie', { pricing: 10 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^form\.version: /);
  });

  it('toggles publish and archive with POST, answering with the product', async () => {
    const product = await createProduct(app.db, { name: 'Logo Hoodie', published: false });
    const published = await call('POST', '/api/products/publish/logo-hoodie');
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published: true, archived: false, version: 1 });
    expect((await call('POST', '/api/products/publish/Logo%20Hoodie')).json().published).toBe(false);
    const archived = await call('POST', '/api/products/archives/logo-hoodie');
    expect(archived.json()).toMatchObject({ archived: true });
    expect((await call('POST', '/api/products/archives/logo-hoodie')).json().archived).toBe(false);
    expect((await call('POST', '/api/products/publish/nothing-here')).statusCode).toBe(404);
    const actions = (await auditRows(product.id)).map((row) => row.action).sort();
    expect(actions).toEqual(['archive', 'publish', 'unarchive', 'unpublish']);
  });

  it('sets the state a button showed: a second Publish from a page opened before the first leaves it published', async () => {
    const product = await createProduct(app.db, { name: 'Twice Tee', published: false });
    for (let i = 0; i < 2; i++) {
      const answer = await call('POST', '/api/products/publish/twice-tee', { published: true });
      expect(answer.json()).toMatchObject({ published: true });
    }
    expect(
      (await call('POST', '/api/products/archives/twice-tee', { archived: false })).json().archived,
    ).toBe(false);
    expect((await auditRows(product.id)).map((row) => row.action)).toEqual(['publish']);
    const refused = await call('POST', '/api/products/publish/twice-tee', { published: 'yes', extra: 1 });
    expect(refused.statusCode).toBe(400);
  });

  it('finds a product by its id too, so a page opened before a rename still reaches it', async () => {
    const created = json<AdminProductDetail>(
      await send('POST', '/api/products', { ...HOODIE, name: 'Old Name Cap' }),
    );
    const renamed = await send('PUT', `/api/products/${created._id}`, {
      version: created.version,
      name: 'New Name Cap',
    });
    expect(json<AdminProductDetail>(renamed)).toMatchObject({ name: 'New Name Cap', slug: 'new-name-cap' });
    expect((await call('GET', '/api/products/old-name-cap')).statusCode).toBe(404);
    expect(json<AdminProductDetail>(await call('GET', `/api/products/${created._id}`)).slug).toBe(
      'new-name-cap',
    );
    // The other editor's save, by id with the version they opened: told someone else saved, not 'No such product'.
    const stale = await send('PUT', `/api/products/${created._id}`, {
      version: created.version,
      pricing: 10,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/^Someone else saved/);
    const published = await call('POST', `/api/products/publish/${created._id}`, { published: true });
    expect(published.json()).toMatchObject({ name: 'New Name Cap', published: true });
  });

  it('reads multipart bodies only on the routes that take forms with images (415 elsewhere)', async () => {
    const created = json<AdminProductDetail>(await send('POST', '/api/products', HOODIE));
    const toggled = await send('POST', `/api/products/publish/${created.slug}`, { published: true });
    expect(toggled.statusCode).toBe(415);
    const unchanged = json<AdminProductDetail>(await call('GET', `/api/products/${created.slug}`));
    expect(unchanged.published).toBe(false);
    const edited = await send('PUT', `/api/products/${created.slug}`, {
      version: created.version,
      pricing: 60,
    });
    expect(json<AdminProductDetail>(edited).pricing).toBe(60);
  });

  it('deletes only an archived product, softly: the name is free again and orders still read', async () => {
    const buyer = await createUser(app.db);
    const product = await createProduct(app.db, { name: 'Logo Hoodie' });
    const order = await createOrder(app.db, {
      userId: buyer.id,
      lines: [{ product, size: 'Small', quantity: 1 }],
    });

    const live = await call('DELETE', `/api/products/${product.id}`, {}, admin);
    expect(live.statusCode).toBe(409);
    expect(live.json().error.message).toBe('Archive the product before deleting it.');
    const byStaff = await call('DELETE', `/api/products/${product.id}`, {}, staff);
    expect(byStaff.statusCode).toBe(403);

    await call('POST', '/api/products/archives/logo-hoodie');
    const deleted = await call('DELETE', `/api/products/${product.id}`, {}, admin);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', '/api/products/logo-hoodie')).statusCode).toBe(404);
    expect(json<AdminProduct[]>(await call('GET', '/api/products'))).toEqual([]);
    expect((await call('DELETE', `/api/products/${product.id}`, {}, admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/products/not-a-uuid', {}, admin)).statusCode).toBe(404);

    expect((await send('POST', '/api/products', HOODIE)).statusCode).toBe(200);
    const orderResponse = await call('GET', `/api/orders/${order.id}`, undefined, admin);
    expect(orderResponse.statusCode).toBe(200);
    expect(orderResponse.json().products[0]).toMatchObject({ name: 'Logo Hoodie', productId: product.id });
    const buyerCookie = await signInAs(app, buyer);
    const inventory = await call('GET', '/api/users/me/items', undefined, buyerCookie);
    expect(inventory.json()).toHaveLength(1);
  });

  it('changes an item status or walk-in owner without resending the product', async () => {
    const buyer = await createUser(app.db, { name: 'Ada Buyer' });
    const product = await createProduct(app.db, { name: 'Logo Hoodie' });
    const order = await createOrder(app.db, {
      userId: buyer.id,
      lines: [{ product, size: 'Large', quantity: 1 }],
    });
    const walkIn = await createItem(app.db, { productId: product.id, size: 'Small' });
    const url = (id: string) => `/api/products/logo-hoodie/items/${id}`;

    const owned = await call('PATCH', url(walkIn.id), { owner: 'owned' });
    expect(owned.statusCode).toBe(200);
    expect(json<AdminProductDetail>(owned).items.find((i) => i._id === walkIn.id)).toMatchObject({
      owner: 'owned',
      status: 'printing',
    });
    const ready = await call('PATCH', url(walkIn.id), { status: 'ready' });
    expect(json<AdminProductDetail>(ready).items.find((i) => i._id === walkIn.id)).toMatchObject({
      owner: 'owned',
      status: 'ready',
    });

    const customerItem = order.items[0]!;
    const steal = await call('PATCH', url(customerItem.id), { owner: '' });
    expect(steal.statusCode).toBe(409);
    expect(steal.json().error.message).toMatch(/belongs to a customer account/);
    const printed = await call('PATCH', url(customerItem.id), { status: 'ready' });
    expect(printed.statusCode).toBe(200);

    expect((await call('PATCH', url(walkIn.id), { owner: 'Bob' })).statusCode).toBe(400);
    expect((await call('PATCH', url(walkIn.id), {})).statusCode).toBe(400);
    expect((await call('PATCH', url('not-a-uuid'), { status: 'ready' })).statusCode).toBe(404);
    const other = await createProduct(app.db, { name: 'Other Tee' });
    expect(
      (await call('PATCH', `/api/products/${other.slug}/items/${walkIn.id}`, { status: 'ready' })).statusCode,
    ).toBe(404);
    expect((await auditRows(walkIn.id)).map((row) => row.action)).toEqual(['update', 'update']);
  });

  it('adds walk-in items of one size', async () => {
    await createProduct(app.db, { name: 'Logo Hoodie' });
    const response = await call('POST', '/api/products/logo-hoodie/items', { size: 'Medium', count: 3 });
    expect(response.statusCode).toBe(200);
    const items = json<AdminProductDetail>(response).items;
    expect(items).toHaveLength(3);
    expect(
      items.every((item) => item.size === 'Medium' && item.owner === 'owned' && item.ownerGid === null),
    ).toBe(true);
    const unowned = await call('POST', '/api/products/logo-hoodie/items', {
      size: 'Small',
      count: 1,
      owner: '',
    });
    expect(json<AdminProductDetail>(unowned).items.filter((item) => item.owner === '')).toHaveLength(1);
    const tooMany = await call('POST', '/api/products/logo-hoodie/items', { size: 'Small', count: 51 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/^body\.count: /);
  });

  it('leaves no audit row when the change fails in its transaction', async () => {
    const product = await createProduct(app.db, { name: 'Logo Hoodie' });
    const response = await send('PUT', '/api/products/logo-hoodie', {
      description: 'Will not stick.',
      version: 1,
      sizes: { Small: 2 },
    });
    expect(response.statusCode).toBe(200);
    // A constraint the stock write breaks, inside the transaction and after the product row changed.
    await app.db.execute(sql`alter table product_stock add constraint no_large check (size <> 'Large')`);
    const failed = await send('PUT', '/api/products/logo-hoodie', {
      description: 'Will not stick.',
      version: 2,
      sizes: { Large: 2 },
    });
    expect(failed.statusCode).toBe(500);
    const now = json<AdminProductDetail>(await call('GET', '/api/products/logo-hoodie'));
    expect(now.version).toBe(2);
    expect(await auditRows(product.id)).toHaveLength(2);
  });

  // Real races on PostgreSQL (the postgres project); PGlite runs one query at a time, so there the
  // same requests merely take turns, and the outcome must be the same.
  describe('at the same time', () => {
    it('two edits from the same version: one is saved, the other is refused, nothing is lost silently', async () => {
      const product = await createProduct(app.db, { name: 'Logo Hoodie' });
      const [a, b] = await Promise.all([
        send('PUT', '/api/products/logo-hoodie', { description: 'Edit A.', version: 1 }),
        send('PUT', '/api/products/logo-hoodie', { pricing: 70, version: 1 }, admin),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const now = json<AdminProductDetail>(await call('GET', '/api/products/logo-hoodie'));
      expect(now.version).toBe(2);
      // Exactly the saved edit shows; the refused one left no trace.
      expect({ description: now.description, pricing: now.pricing }).toEqual(
        a.statusCode === 200
          ? { description: 'Edit A.', pricing: 25 }
          : { description: product.description, pricing: 70 },
      );
      expect(await auditRows(product.id)).toHaveLength(1);
    });

    it('two creates of the same name: one product, one 409', async () => {
      const [a, b] = await Promise.all([
        send('POST', '/api/products', HOODIE),
        send('POST', '/api/products', { ...HOODIE, name: 'LOGO HOODIE' }, admin),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const refused = a.statusCode === 409 ? a : b;
      expect(refused.json().error.message).toMatch(/^Name must be unique!/);
      expect(await app.db.select().from(schema.products)).toHaveLength(1);
    });

    it('two staff changing two items of one product: both changes stay', async () => {
      const product = await createProduct(app.db, { name: 'Logo Hoodie' });
      const first = await createItem(app.db, { productId: product.id, size: 'Small' });
      const second = await createItem(app.db, { productId: product.id, size: 'Large' });
      const responses = await Promise.all([
        call('PATCH', `/api/products/logo-hoodie/items/${first.id}`, { status: 'ready' }),
        call('PATCH', `/api/products/logo-hoodie/items/${second.id}`, { owner: 'owned' }, admin),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      const items = json<AdminProductDetail>(await call('GET', '/api/products/logo-hoodie')).items;
      expect(items.find((i) => i._id === first.id)).toMatchObject({ status: 'ready', owner: '' });
      expect(items.find((i) => i._id === second.id)).toMatchObject({ status: 'printing', owner: 'owned' });
    });
  });
});
