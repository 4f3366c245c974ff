import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import * as schema from './schema/index.ts';
import { openTestDatabaseBefore } from './testing.ts';

const MIGRATION = '0021_outbox_order_emails';
const ORDER = '5d0b2c1e-7f3a-4b8e-9c6d-2a1f0e9d8c7b';
const CODE = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

describe(`migration ${MIGRATION}: emails sent before 0018 name their order`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabaseBefore(MIGRATION);
  });
  afterAll(() => handle.close());

  it("takes a sent email's order from its key, and leaves emails about no order without one", async () => {
    for (const key of [`order-confirmed:${ORDER}`, `order-ready:${ORDER}:${CODE}`, 'welcome:someone']) {
      await handle.db.execute(sql`
        insert into outbox (dedupe_key, "to", subject, html, text, sent_at)
        values (${key}, 'casey@example.com', ${key}, '', '', now())`);
    }

    await handle.migrate();

    const rows = await handle.db
      .select({ key: schema.outbox.dedupeKey, orderId: schema.outbox.orderId })
      .from(schema.outbox)
      .orderBy(asc(schema.outbox.dedupeKey));
    expect(rows).toEqual([
      { key: `order-confirmed:${ORDER}`, orderId: ORDER },
      { key: `order-ready:${ORDER}:${CODE}`, orderId: ORDER },
      { key: 'welcome:someone', orderId: null },
    ]);
  });
});
