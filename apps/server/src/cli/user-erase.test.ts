import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/cli.ts';

// Each run starts Node and opens the embedded database: seconds apiece on a busy two-core machine.
describe('npm run user:erase', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-erase-'));
  const run = (...args: string[]) => runCli('user-erase.ts', dataDir, {}, args);
  let caseyId: string;

  beforeAll(async () => {
    const handle = await openDatabase({ dataDir });
    try {
      await handle.migrate();
      caseyId = (await createUser(handle.db, { name: 'Casey Customer', email: 'casey@example.com' })).id;
      await createUser(handle.db, { name: 'Sam Staff', email: 'sam@example.com', accessLevel: 1 });
    } finally {
      await handle.close();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("erases a customer's personal data and says what is left", async () => {
    const result = run('casey@example.com');
    expect(result.stderr).toContain(
      `Erased the personal data of account ${caseyId} (casey@example.com): it is now "Deleted customer", signed out, and a new sign-in with that address makes a new account. Its orders and items are kept without a name.`,
    );
    expect(result.status).toBe(0);
    const handle = await openDatabase({ dataDir });
    try {
      const [row] = await handle.db.select().from(schema.users).where(eq(schema.users.id, caseyId));
      expect(row).toMatchObject({ name: 'Deleted customer', email: '' });
    } finally {
      await handle.close();
    }
    const again = run('casey@example.com');
    expect(again.stderr).toContain('No account with the email casey@example.com: nothing to erase.');
    expect(again.status).toBe(1);
  });

  it('refuses staff, and says how to go on', () => {
    const result = run('sam@example.com');
    expect(result.stderr).toContain(
      'sam@example.com is staff: nothing changed. Make it a customer first (npm run user:role -- sam@example.com 0)',
    );
    expect(result.status).toBe(1);
  });

  it('says how to use it when the email is missing', () => {
    const result = run();
    expect(result.stderr).toContain('Usage: npm run user:erase -- <email> [account id]');
    expect(result.status).toBe(1);
  });
});
