import { type Executor, schema } from '@barbershop/db';

/** The shop's settings row, with a pickup address and the given sales tax rate. */
export async function createShop(db: Executor, salesTaxRate = 0) {
  await db.insert(schema.shop).values({
    name: 'Test Barbershop',
    phone: '7195550142',
    email: 'shop@example.com',
    address: {
      line1: '1 Main St',
      line2: 'Suite 4',
      city: 'Colorado Springs',
      state: 'CO',
      postal_code: '80909',
      country: 'US',
    },
    salesTaxRate,
  });
}
