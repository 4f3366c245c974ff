import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

/** Until a query of this test's database waits for a lock another transaction holds (PostgreSQL). */
export async function waitForLockWait(app: TestApp) {
  for (;;) {
    const result = (await app.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if (result.rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
