import {
  type CatalogProduct,
  type Category,
  centsToDollars,
  type ItemCertificate,
  type ItemStatus,
  isUuid,
  SIZES,
  type Size,
  type StockEntry,
} from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import { isStaff, type SessionUser } from '../../plugins/access.ts';
import { AppError } from '../../plugins/errors.ts';
import type { PublicCache } from '../../plugins/public-cache.ts';
import { imageFromKey } from '../media/images.ts';
import {
  findItemWithProduct,
  findProductRenamedFrom,
  type ImageRow,
  listOnSaleProducts,
  listProductImages,
  listProductStock,
  type ProductRow,
  type StockRow,
} from './catalog.repository.ts';

/**
 * A product row, its images and its stock rows as the store shows them (also the base of the
 * dashboard's product). Pricing in dollars; stock in SIZES order; the placeholder when no image.
 */
export function toCatalogProduct(row: ProductRow, images: ImageRow[], stock: StockRow[]): CatalogProduct {
  const keys = images
    .filter((image) => image.productId === row.id)
    .sort((a, b) => a.position - b.position)
    .map((image) => image.mediaKey);
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    pricing: centsToDollars(row.priceCents),
    category: row.category as Category,
    images: keys.length
      ? keys.map((key, i) => imageFromKey(key, i === 0 ? row.name : `${row.name}, view ${i + 1}`))
      : [imageFromKey(null, row.name)],
    stock: sizeCounts(stock, row.id),
  };
}

/** One product's counts per size from rows of many (stock, or units held), in SIZES order. */
export function sizeCounts(
  rows: readonly { productId: string; size: string; quantity: number }[],
  productId: string,
): StockEntry[] {
  const own = rows.filter((entry) => entry.productId === productId);
  return SIZES.flatMap((size) => {
    const entry = own.find((s) => s.size === size);
    return entry ? [{ size, quantity: entry.quantity }] : [];
  });
}

/**
 * Product rows with their images and stock, loaded in two queries whatever the count. One after the
 * other: `db` may be a transaction, whose one connection takes one query at a time (pg 9 will refuse
 * a second one sent meanwhile).
 */
export async function toCatalogProducts(db: Executor, rows: ProductRow[]): Promise<CatalogProduct[]> {
  const ids = rows.map((row) => row.id);
  const images = await listProductImages(db, ids);
  const stock = await listProductStock(db, ids);
  return rows.map((row) => toCatalogProduct(row, images, stock));
}

const TABLES = ['products', 'product_images', 'product_stock'] as const;

/**
 * The store's 'New Goods': every product on sale with its stock per size, from memory until a
 * product, image or stock row changes. Shoppers may see stock one change late; checkout reserves
 * against the database (orders module), never this.
 */
export function listPublishedProducts(db: Executor, cache: PublicCache): Promise<CatalogProduct[]> {
  return cache.read('catalogue', TABLES, async () => toCatalogProducts(db, await listOnSaleProducts(db)));
}

/**
 * One product on sale by slug, exact name (any case) or a slug it had before a rename, so links and
 * search results made before a rename still lead to it (the page redirects to its slug). Drafts,
 * archived and deleted ones are 404.
 */
export async function getStoreProduct(
  db: Executor,
  cache: PublicCache,
  name: string,
): Promise<CatalogProduct> {
  const wanted = name.toLowerCase();
  const products = await listPublishedProducts(db, cache);
  const product =
    products.find((p) => p.slug === wanted) ??
    products.find((p) => p.name.toLowerCase() === wanted) ??
    (await renamedFrom(db, products, wanted));
  if (!product) throw new AppError('not_found', 'No such product.');
  return product;
}

async function renamedFrom(db: Executor, products: CatalogProduct[], slug: string) {
  const id = await findProductRenamedFrom(db, slug);
  return id ? products.find((p) => p._id === id) : undefined;
}

/**
 * An item's certificate of ownership, found by the item's id alone: the product part of its address
 * is printed on labels and QR codes, and must not stop leading to the item once the product is
 * renamed. No such item is 'No item found'. The owner's first name goes only to the owner and to staff.
 */
export async function getItemCertificate(
  db: Executor,
  viewer: SessionUser | null,
  itemId: string,
): Promise<ItemCertificate> {
  const found = isUuid(itemId) ? await findItemWithProduct(db, itemId) : null;
  if (!found) throw new AppError('not_found', 'No item found');
  const { item, product: row, inStore, ownerName } = found;
  const ownerMaySee = !!viewer && (viewer.id === item.ownerUserId || isStaff(viewer));
  const { images } = toCatalogProduct(row, await listProductImages(db, [row.id]), []);
  return {
    product: { _id: row.id, name: row.name, slug: row.slug, images, inStore },
    item: {
      _id: item.id,
      size: item.size as Size,
      status: item.status as ItemStatus,
      owned: item.ownerUserId !== null || item.ownerLabel === 'owned',
      ownerFirstName: ownerMaySee && ownerName ? (ownerName.trim().split(/\s+/)[0] ?? null) : null,
      createdAt: item.createdAt.toISOString(),
    },
  };
}
