import { type Executor, schema } from '@barbershop/db';
import { openTestDatabase } from '@barbershop/db/testing';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditPage } from './modules/audit/audit-trail.repository.ts';
import {
  countByStatus,
  countNeedingAttention,
  paidOrdersByDay,
  recentOrders,
} from './modules/dashboard/dashboard.repository.ts';
import { listOrdersOfUser } from './modules/orders/orders.repository.ts';
import { listOrdersPage } from './modules/orders/orders.staff.repository.ts';
import { itemsOf } from './modules/products/products.repository.ts';
import { listOwnedItems, listUsersPage } from './modules/users/users.repository.ts';

// The tables that grow with the years; a small one (products, stock) is read whole, as it should be.
const BIG = ['orders', 'audit_log', 'users', 'product_items', 'order_lines', 'sessions'];

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** The big tables a plan reads from end to end. */
function fullScans(node: PlanNode): string[] {
  const here =
    node['Node Type'] === 'Seq Scan' && BIG.includes(node['Relation Name'] ?? '')
      ? [node['Relation Name']!]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap(fullScans)];
}

/**
 * Every list the dashboard and the account pages show, as the repositories ask for it, planned by
 * PostgreSQL over a shop of a few years in miniature: each is served by an index, none reads a big
 * table whole. (Measured at full size, 30,000 orders and 100,000 audit rows: docs/decisions.md.)
 */
describe.runIf(process.env.TEST_DB === 'postgres')('list queries on PostgreSQL', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let pool: pg.Pool;
  let logged: { query: string; params: unknown[] }[] = [];
  let db: Executor;
  const ids = { customer: '', staff: '', product: '', order: '' };

  beforeAll(async () => {
    handle = await openTestDatabase();
    pool = new pg.Pool({ connectionString: handle.url, max: 1 });
    db = drizzle(pool, {
      schema,
      logger: { logQuery: (query, params) => logged.push({ query, params }) },
    }) as unknown as Executor;
    // 3,000 customers, 12,000 orders over three years in groups sharing a time (most delivered, a few
    // waiting, as in a shop of years), 24,000 items, 12,000 audit rows: enough for the planner to
    // choose as it does at full size.
    await handle.db.execute(sql`
      insert into users (oidc_issuer, oidc_subject, email, name, access_level)
      select 'dev', 'plan-' || g, 'plan-' || g || '@example.com', 'Customer ' || (g % 500), case when g = 1 then 1 else 0 end
      from generate_series(1, 3000) g;
      insert into products (name, slug, price_cents, category, published)
      select 'Plan Product ' || g, 'plan-product-' || g, 2500, 'Shirts', true from generate_series(1, 40) g;
      insert into orders (user_id, status, total, payment_provider, payment_id, created_at)
      select (select id from users where oidc_subject = 'plan-' || (2 + g % 2999)),
        case when g % 100 < 2 then 'pending' when g % 100 < 7 then 'canceled' when g % 100 < 10 then 'processing'
          when g % 100 < 13 then 'ready' when g % 100 < 15 then 'shipped' else 'delivered' end,
        2500, 'demo', 'plan-' || g, timestamptz '2023-12-01 00:00:00+00' + (g / 10) * interval '22 hours'
      from generate_series(1, 12000) g;
      insert into product_items (product_id, size, status, owner_user_id, owner_label, order_id, created_at)
      select (select id from products where slug = 'plan-product-' || (1 + n % 40)), 'Large', 'ready', o.user_id, 'owned', o.id, o.created_at
      from orders o cross join generate_series(1, 2) n;
      insert into audit_log (at, actor_user_id, entity, entity_id, action)
      select timestamptz '2023-12-01 00:00:00+00' + (g / 10) * interval '22 hours',
        (select id from users where oidc_subject = 'plan-1'),
        (array['order','order','order','stock','item','user','product'])[1 + g % 7], g::text, 'update'
      from generate_series(1, 12000) g;
      analyze;
    `);
    const one = async (query: ReturnType<typeof sql>) =>
      ((await handle.db.execute(query)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    ids.customer = await one(sql`select id from users where oidc_subject = 'plan-500'`);
    ids.staff = await one(sql`select id from users where oidc_subject = 'plan-1'`);
    ids.product = await one(sql`select id from products where slug = 'plan-product-7'`);
    ids.order = await one(sql`select id from orders where payment_id = 'plan-6000'`);
  });
  afterAll(async () => {
    await pool?.end();
    await handle?.close();
  });

  /** The big tables read whole by the statements `run` makes. */
  async function fullScansOf(run: () => Promise<unknown>): Promise<string[]> {
    logged = [];
    await run();
    expect(logged.length).toBeGreaterThan(0);
    const scans: string[] = [];
    for (const { query, params } of logged) {
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${query}`,
        params,
      );
      scans.push(...fullScans(rows[0]!['QUERY PLAN'][0].Plan));
    }
    return scans;
  }

  const cursor = { at: '2025-06-01 00:00:00.5+00', id: '00000000-0000-0000-0000-000000000000' };

  it.each([
    ['the staff orders list', () => listOrdersPage(db, { limit: 51 })],
    ['its next page', () => listOrdersPage(db, { limit: 51, after: cursor })],
    ['the orders list by status', () => listOrdersPage(db, { limit: 51, status: 'delivered' })],
    ['the orders needing staff', () => listOrdersPage(db, { limit: 51, needsAttention: true })],
    ['the activity list', () => listAuditPage(db, { limit: 51 })],
    ['its next page', () => listAuditPage(db, { limit: 51, after: cursor })],
    ['the activity of one kind', () => listAuditPage(db, { limit: 51, entity: 'order' })],
    ['the activity of one person', () => listAuditPage(db, { limit: 51, actorUserId: ids.staff })],
    ['the activity of one record', () => listAuditPage(db, { limit: 51, entity: 'order', entityId: '42' })],
    ['the users list', () => listUsersPage(db, { limit: 51 })],
    ['its next page', () => listUsersPage(db, { limit: 51, after: ids.customer })],
    ["a customer's orders", () => listOrdersOfUser(db, ids.customer)],
    ["a customer's items", () => listOwnedItems(db, [ids.customer])],
    ["a product's items", () => itemsOf(db, ids.product)],
    [
      "the overview's revenue by day",
      () => paidOrdersByDay(db, new Date('2026-10-01T00:00:00Z'), 'America/Denver'),
    ],
    ["the overview's work waiting", () => countByStatus(db, ['processing', 'ready', 'shipped'])],
    ["the overview's orders needing staff", () => countNeedingAttention(db)],
    ["the overview's latest orders", () => recentOrders(db, 10)],
  ])('%s is served by an index', async (_name, run) => {
    expect(await fullScansOf(run)).toEqual([]);
  });
});
