import { isDeepStrictEqual } from 'node:util';
import {
  type AddItems,
  type AdminProduct,
  type AdminProductDetail,
  type CatalogProduct,
  type CreateProduct,
  dollarsToCents,
  type ItemStatus,
  isUuid,
  movedStock,
  nameTakenMessage,
  type ProductItem,
  RESERVED_PRODUCT_SLUGS,
  type Size,
  type SizeCounts,
  slugify,
  type UpdateItem,
  type UpdateProduct,
} from '@barbershop/contract';
import type { Database, Executor } from '@barbershop/db';
import { transactionOrConflict } from '../../plugins/database.ts';
import { AppError, staleEdit } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { sizeCounts, toCatalogProducts } from '../catalog/catalog.service.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { holdImagesForSave, resolveImageSlots, storeUploads } from '../media/uploads.ts';
import { listReservedStock } from '../orders/lifecycle.repository.ts';
import {
  findItem,
  findLiveProduct,
  findLiveProductById,
  type ItemRow,
  imageKeysOf,
  insertItems,
  insertProduct,
  itemsOf,
  listLiveProducts,
  lockStock,
  nameTaken,
  type ProductChanges,
  type ProductRow,
  replaceImages,
  replaceStock,
  setProductFlags,
  updateItem as updateItemRow,
  updateProduct as updateProductRow,
} from './products.repository.ts';

type ReservedRow = Awaited<ReturnType<typeof listReservedStock>>[number];

const notFound = () => new AppError('not_found', 'No such product.');

function nameConflict(name: string) {
  return new AppError('conflict', nameTakenMessage('product', name));
}

/**
 * The dashboard's product: the store's view of it (catalog/) plus its flags, version, image keys and
 * the units checkouts hold.
 */
function toAdminProduct(
  row: ProductRow,
  catalog: CatalogProduct,
  imageKeys: string[],
  reserved: ReservedRow[],
): AdminProduct {
  return {
    ...catalog,
    imageKeys,
    reserved: sizeCounts(reserved, row.id),
    published: row.published,
    archived: row.archived,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toItem(row: ItemRow): ProductItem {
  return {
    _id: row.id,
    size: row.size as Size,
    status: row.status as ItemStatus,
    owner: row.ownerUserId ? (row.ownerName ?? '') : row.ownerLabel,
    ownerGid: row.ownerUserId,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

// Queries one after the other: both are called with a transaction, which has one connection.
async function adminProductsOf(db: Executor, rows: ProductRow[]): Promise<AdminProduct[]> {
  const catalog = await toCatalogProducts(db, rows);
  const ids = rows.map((row) => row.id);
  const images = await imageKeysOf(db, ids);
  const reserved = await listReservedStock(db, ids);
  return rows.map((row, i) => toAdminProduct(row, catalog[i]!, images.get(row.id) ?? [], reserved));
}

async function detailOf(db: Executor, row: ProductRow): Promise<AdminProductDetail> {
  const [product] = await adminProductsOf(db, [row]);
  const items = await itemsOf(db, row.id);
  return { ...product!, items: items.map(toItem) };
}

/**
 * The counts a stock edit leaves (movedStock); one taking off more than checkouts left is refused
 * (409, naming the size), nothing saved.
 */
export function stockAfterEdit(
  wanted: SizeCounts,
  seen: SizeCounts | undefined,
  now: SizeCounts,
): SizeCounts {
  const { counts, short } = movedStock(wanted, seen, now);
  const [first] = short;
  if (first) {
    const { size, seen: before, today, wanted: count } = first;
    throw new AppError(
      'conflict',
      `form.sizes.${size}: Checkouts took ${before - today} ${size} while this form was open, leaving ${today} to sell, fewer than the ${before - count} you took off. Nothing was saved: check the count, then save again.`,
    );
  }
  return counts;
}

/** The slug of a product name, refused (400) when it has no letter or digit or is a reserved word. */
function productSlugOf(name: string): string {
  const slug = slugify(name);
  if (!slug) throw new AppError('bad_request', 'form.name: must contain a letter or a digit');
  if (RESERVED_PRODUCT_SLUGS.has(slug))
    throw new AppError(
      'bad_request',
      `form.name: "${name}" is a word the shop's web addresses use: choose another name`,
    );
  return slug;
}

/**
 * What the audit log keeps of a product: its fields and stock. Never its items, which a product's
 * detail brings along: every unit ever sold, with its owner's name, copied into each change's row
 * before and after made a popular product's history megabytes long. Nor the units checkouts hold,
 * which change with customers, not with the edit.
 */
function snapshot(product: AdminProduct | AdminProductDetail) {
  const {
    images: _images,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    reserved: _reserved,
    ...fields
  } = product;
  const { items: _items, ...kept } = fields as typeof fields & { items?: unknown };
  return kept;
}

/** Every live product (drafts and archived too), newest first, for the dashboard list. */
export async function listAdminProducts(db: Database): Promise<AdminProduct[]> {
  return adminProductsOf(db, await listLiveProducts(db));
}

/** One live product by slug or name, with its items; 404 otherwise. */
export async function getAdminProduct(db: Database, name: string): Promise<AdminProductDetail> {
  const row = await findLiveProduct(db, name);
  if (!row) throw notFound();
  return detailOf(db, row);
}

/**
 * Creates a product from the dashboard form and its uploaded files (already on disk). The name
 * must be free among live products; images are decoded, stripped and stored before the row is
 * written, so a refused image leaves nothing behind in the database.
 */
export async function createProduct(
  db: Database,
  storage: MediaStorage,
  actorUserId: string,
  form: CreateProduct,
  files: string[],
): Promise<AdminProductDetail> {
  const slug = productSlugOf(form.name);
  if (await nameTaken(db, form.name, slug)) throw nameConflict(form.name);
  const uploaded = await storeUploads(db, storage, files);
  const imageKeys = form.images
    ? await resolveImageSlots(db, storage, form.images, uploaded, [], 'images')
    : uploaded;
  return transactionOrConflict(
    db,
    () => nameConflict(form.name),
    async (tx) => {
      const row = await insertProduct(tx, {
        name: form.name,
        slug,
        description: form.description,
        priceCents: dollarsToCents(form.pricing),
        category: form.category,
        published: form.published,
      });
      await holdImagesForSave(tx, storage, [], imageKeys);
      await replaceImages(tx, row.id, imageKeys);
      await replaceStock(tx, row.id, form.sizes);
      const detail = await detailOf(tx, row);
      await recordAudit(tx, {
        actorUserId,
        entity: 'product',
        entityId: row.id,
        action: 'create',
        before: null,
        after: snapshot(detail),
      });
      return detail;
    },
  );
}

/**
 * A partial edit from the dashboard. It names the version the editor started from: when someone
 * else saved in between, it is refused (409) rather than silently overwriting their change.
 * Items are never touched; images change only when `images` is sent; stock only when `sizes` is.
 */
export async function updateProduct(
  db: Database,
  storage: MediaStorage,
  actorUserId: string,
  name: string,
  form: UpdateProduct,
  files: string[],
): Promise<AdminProductDetail> {
  const found = await findLiveProduct(db, name);
  if (!found) throw notFound();
  // Before the images: a form out of date may name one the media sweep has since deleted, and its
  // editor should hear that someone else saved, not that an image is unknown (checked again below).
  if (found.version !== form.version) throw staleEdit('this product', found.version, form.version);
  const slug = form.name === undefined ? undefined : productSlugOf(form.name);
  if (form.name !== undefined && slug && (await nameTaken(db, form.name, slug, found.id)))
    throw nameConflict(form.name);
  const current = (await imageKeysOf(db, [found.id])).get(found.id) ?? [];
  const uploaded = await storeUploads(db, storage, files);
  const imageKeys = form.images
    ? await resolveImageSlots(db, storage, form.images, uploaded, current, 'images')
    : undefined;

  // A rename that races another save of the same name gets the same 409 as the check above.
  return transactionOrConflict(
    db,
    () => nameConflict(form.name ?? found.name),
    async (tx) => {
      const row = await findLiveProductById(tx, found.id, { lock: true });
      if (!row) throw notFound();
      if (row.version !== form.version) throw staleEdit('this product', row.version, form.version);
      const before = await detailOf(tx, row);
      const changes: ProductChanges = {
        ...(form.name === undefined ? {} : { name: form.name, slug }),
        ...(form.description === undefined ? {} : { description: form.description }),
        ...(form.pricing === undefined ? {} : { priceCents: dollarsToCents(form.pricing) }),
        ...(form.category === undefined ? {} : { category: form.category }),
      };
      const updated = await updateProductRow(tx, row.id, changes);
      if (imageKeys) {
        await holdImagesForSave(tx, storage, current, imageKeys);
        await replaceImages(tx, row.id, imageKeys);
      }
      if (form.sizes) {
        await replaceStock(
          tx,
          row.id,
          stockAfterEdit(form.sizes, form.stockSeen, await lockStock(tx, row.id)),
        );
      }
      const after = await detailOf(tx, updated);
      await recordAudit(tx, {
        actorUserId,
        entity: 'product',
        entityId: row.id,
        action: 'update',
        before: snapshot(before),
        after: snapshot(after),
      });
      // The form sends every size on each save: a row only when the stock it leaves is another.
      if (form.sizes && !isDeepStrictEqual(before.stock, after.stock)) {
        await recordAudit(tx, {
          actorUserId,
          entity: 'stock',
          entityId: row.id,
          action: 'set',
          before: before.stock,
          after: after.stock,
        });
      }
      return after;
    },
  );
}

/**
 * Sets published or archived on a live product to `to`, or flips it when no state is given (SPEC.md's
 * toggle); archiving hides it from the store. Already so: nothing changes and nothing is recorded.
 */
export async function setFlag(
  db: Database,
  actorUserId: string,
  name: string,
  flag: 'published' | 'archived',
  to?: boolean,
): Promise<AdminProductDetail> {
  return db.transaction(async (tx) => {
    const found = await findLiveProduct(tx, name, { lock: true });
    if (!found) throw notFound();
    const next = to ?? !found[flag];
    if (next === found[flag]) return detailOf(tx, found);
    const row = await setProductFlags(tx, found.id, { [flag]: next });
    await recordAudit(tx, {
      actorUserId,
      entity: 'product',
      entityId: row.id,
      action: flag === 'published' ? (next ? 'publish' : 'unpublish') : next ? 'archive' : 'unarchive',
      before: { [flag]: found[flag] },
      after: { [flag]: row[flag] },
    });
    return detailOf(tx, row);
  });
}

/**
 * Deletes an archived product (409 otherwise). Deletion is soft: the product leaves every list and
 * frees its name, while orders and owned items that point to it keep working.
 */
export async function deleteProduct(db: Database, actorUserId: string, id: string): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const found = await findLiveProductById(tx, id, { lock: true });
    if (!found) throw notFound();
    if (!found.archived) throw new AppError('conflict', 'Archive the product before deleting it.');
    const row = await setProductFlags(tx, id, { deletedAt: new Date() });
    const [product] = await adminProductsOf(tx, [row]);
    await recordAudit(tx, {
      actorUserId,
      entity: 'product',
      entityId: id,
      action: 'delete',
      before: snapshot(product!),
      after: null,
    });
    return product!;
  });
}

/**
 * Changes one item's status, or its walk-in owner label ('' or 'owned'); an item a customer
 * account owns keeps its owner (409). Only the fields sent change, so two staff changing two
 * items at once lose nothing.
 */
export async function updateItem(
  db: Database,
  actorUserId: string,
  name: string,
  itemId: string,
  body: UpdateItem,
): Promise<AdminProductDetail> {
  return db.transaction(async (tx) => {
    const product = await findLiveProduct(tx, name);
    if (!product || !isUuid(itemId)) throw new AppError('not_found', 'No such item.');
    const item = await findItem(tx, product.id, itemId);
    if (!item) throw new AppError('not_found', 'No such item.');
    if (body.owner !== undefined && item.ownerUserId) {
      throw new AppError('conflict', 'This item belongs to a customer account; its owner cannot be changed.');
    }
    const updated = await updateItemRow(tx, item.id, {
      ...(body.status === undefined ? {} : { status: body.status }),
      ...(body.owner === undefined ? {} : { ownerLabel: body.owner }),
    });
    await recordAudit(tx, {
      actorUserId,
      entity: 'item',
      entityId: item.id,
      action: 'update',
      before: { status: item.status, owner: item.ownerLabel },
      after: { status: updated.status, owner: updated.ownerLabel },
    });
    return detailOf(tx, product);
  });
}

/** Adds walk-in items (no customer account) of one size to a product. */
export async function addItems(
  db: Database,
  actorUserId: string,
  name: string,
  body: AddItems,
): Promise<AdminProductDetail> {
  return db.transaction(async (tx) => {
    const product = await findLiveProduct(tx, name);
    if (!product) throw notFound();
    const rows = await insertItems(tx, product.id, body.size, body.count, body.owner);
    await recordAudit(tx, {
      actorUserId,
      entity: 'item',
      entityId: product.id,
      action: 'add',
      before: null,
      after: { size: body.size, owner: body.owner, items: rows.map((row) => row.id) },
    });
    return detailOf(tx, product);
  });
}
