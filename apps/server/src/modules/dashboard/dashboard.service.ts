import { dayIn, type OrderStatus, type Overview, type Size } from '@barbershop/contract';
import type { Database } from '@barbershop/db';
import {
  countByStatus,
  countNeedingAttention,
  lowStock,
  paidOrdersByDay,
  recentOrders,
} from './dashboard.repository.ts';

/** A size with this many units or fewer on hand counts as low. */
export const LOW_STOCK_THRESHOLD = 3;
const DAYS = 30;
const DAY_MS = 86_400_000;

/** The calendar day `count` days after `day` ('YYYY-MM-DD'; negative: before). */
const dayAfter = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);

/**
 * The dashboard's home: sales, work waiting, low stock and the latest orders. Days are the shop's
 * (`timeZone`): "today" starts at the shop's midnight.
 */
export async function overview(db: Database, timeZone: string, now = new Date()): Promise<Overview> {
  const today = dayIn(now, timeZone);
  const days = Array.from({ length: DAYS }, (_, i) => dayAfter(today, i - (DAYS - 1)));
  // The first day's UTC midnight less a day comes before that day begins in any zone (offsets are
  // under 15 hours); orders before the first day are grouped under days left out below.
  const from = new Date(Date.parse(`${days[0]}T00:00:00Z`) - DAY_MS);
  const [byDay, waiting, attention, low, recent] = await Promise.all([
    paidOrdersByDay(db, from, timeZone),
    countByStatus(db, ['processing', 'ready', 'shipped']),
    countNeedingAttention(db),
    lowStock(db, LOW_STOCK_THRESHOLD),
    recentOrders(db, 10),
  ]);
  const found = new Map(byDay.map((row) => [row.date, row]));
  const dailyRevenue = days.map((date) => {
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
      attention,
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
