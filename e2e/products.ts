import type { AdminProductDetail } from '@barbershop/contract';
import { expect, type Page } from '@playwright/test';

/** A product made through the API by the signed-in staff member, as the dashboard's form sends it. */
export async function createProduct(page: Page, form: object): Promise<AdminProductDetail> {
  const created = await page.request.post('/api/products', {
    headers: { origin: new URL(page.url()).origin },
    multipart: { form: JSON.stringify(form) },
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
): Promise<void> {
  const product = await createProduct(page, { ...form, published: true });
  try {
    await use(product);
  } finally {
    await page.request.post(`/api/products/archives/${product._id}`, {
      headers: { origin: new URL(page.url()).origin },
      data: { archived: true },
    });
  }
}
