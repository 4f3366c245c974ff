import type { AdminProductDetail } from '@barbershop/contract';
import { expect, type Page } from '@playwright/test';

/** A picture as the dashboard's picker sends it in the form's `images` field. */
export type ImageFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * A product made through the API by the signed-in staff member, as the dashboard's form sends it,
 * with one picture when `image` is given.
 */
export async function createProduct(
  page: Page,
  form: object,
  image?: ImageFile,
): Promise<AdminProductDetail> {
  const created = await page.request.post('/api/products', {
    headers: { origin: new URL(page.url()).origin },
    multipart: { form: JSON.stringify(form), ...(image && { images: image }) },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as AdminProductDetail;
}

/**
 * A published product made for `use`, and archived once it is done, pass or fail: other tests read
 * the store's catalogue meanwhile.
 */
export async function withPublishedProduct(
  page: Page,
  form: object,
  use: (product: AdminProductDetail) => Promise<void>,
  image?: ImageFile,
): Promise<void> {
  const product = await createProduct(page, { ...form, published: true }, image);
  try {
    await use(product);
  } finally {
    await page.request.post(`/api/products/archives/${product._id}`, {
      headers: { origin: new URL(page.url()).origin },
      data: { archived: true },
    });
  }
}
