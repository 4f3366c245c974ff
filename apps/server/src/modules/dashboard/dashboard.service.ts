import type { OrderStatus, Overview, Size } from '@barbershop/contract';
import type { Database } from '@barbershop/db';
import { countByStatus, lowStock, paidOrdersByDay, recentOrders } from './dashboard.repository.ts';

/** A size with this many units or fewer on hand counts as low. */
export const LOW_STOCK_THRESHOLD = 3;
const DAYS = 30;
const DAY_MS = 86_400_000;

/** The dashboard's home: sales, work waiting, low stock and the latest orders. */
export async function overview(db: Database, now = new Date()): Promise<Overview> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (DAYS - 1) * DAY_MS);
  const [byDay, waiting, low, recent] = await Promise.all([
    paidOrdersByDay(db, from),
    countByStatus(db, ['processing', 'ready', 'shipped']),
    lowStock(db, LOW_STOCK_THRESHOLD),
    recentOrders(db, 10),
  ]);
  const found = new Map(byDay.map((row) => [row.date, row]));
  const dailyRevenue = Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const row = found.get(date);
    return { date, revenue: row?.revenue ?? 0, orders: row?.orders ?? 0 };
  });
  const lastDays = (n: number) =>
    dailyRevenue
      .slice(-n)
      .reduce((sum, day) => ({ revenue: sum.revenue + day.revenue, orders: sum.orders + day.orders }), {
        revenue: 0,
        orders: 0,
      });
  const waitingCount = (status: string) => waiting.find((row) => row.status === status)?.count ?? 0;
  return {
    generatedAt: now.toISOString(),
    revenue: { today: lastDays(1), last7Days: lastDays(7), last30Days: lastDays(DAYS) },
    waiting: {
      processing: waitingCount('processing'),
      ready: waitingCount('ready'),
      shipped: waitingCount('shipped'),
    },
    lowStock: {
      threshold: LOW_STOCK_THRESHOLD,
      sizes: low.map((row) => ({ ...row, size: row.size as Size })),
    },
    recentOrders: recent.map((row) => ({
      _id: row.id,
      date: row.createdAt.toISOString(),
      status: row.status as OrderStatus,
      total: row.total,
      customer: row.customer,
    })),
    dailyRevenue,
  };
}
