import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, schema } from '@barbershop/db';
import { createUser } from '@barbershop/db/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/cli.ts';

// Each run starts Node and opens the embedded database: seconds apiece on a busy two-core machine.
describe('npm run user:role', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-role-'));
  const runWith = (env: Record<string, string>, ...args: string[]) =>
    runCli('user-role.ts', dataDir, env, args);
  const run = (...args: string[]) => runWith({}, ...args);
  const read = async <T>(query: (db: Database) => Promise<T>) => {
    const handle = await openDatabase({ dataDir });
    try {
      return await query(handle.db);
    } finally {
      await handle.close();
    }
  };
  const usersWith = (email: string) =>
    read((db) => db.select().from(schema.users).where(eq(schema.users.email, email)));
  const levelOf = async (email: string) => (await usersWith(email)).map((row) => row.accessLevel);
  const auditOf = (userId: string) =>
    read((db) =>
      db
        .select({
          actorUserId: schema.auditLog.actorUserId,
          tool: schema.auditLog.tool,
          action: schema.auditLog.action,
          before: schema.auditLog.before,
          after: schema.auditLog.after,
        })
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.entity, 'user'), eq(schema.auditLog.entityId, userId))),
    );

  beforeAll(async () => {
    const handle = await openDatabase({ dataDir });
    try {
      await handle.migrate();
      await createUser(handle.db, { email: 'sam@example.com' });
    } finally {
      await handle.close();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sets the role of the account with that email, whatever its case, and records it in the audit trail', async () => {
    const result = run('SAM@example.com', '2');
    expect(result.stderr).toContain('SAM@example.com is now admin.');
    expect(result.status).toBe(0);
    expect(await levelOf('sam@example.com')).toEqual([2]);
    const [sam] = await usersWith('sam@example.com');
    expect(await auditOf(sam!.id)).toEqual([
      {
        actorUserId: null,
        tool: 'npm run user:role',
        action: 'role',
        before: { accessLevel: 0 },
        after: { accessLevel: 2 },
      },
    ]);

    const again = run('sam@example.com', '2');
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('sam@example.com is already admin: nothing changed.');
    expect(await auditOf(sam!.id)).toHaveLength(1);
  });

  it('changes none of several accounts with one email until told which, by its id', async () => {
    const handle = await openDatabase({ dataDir });
    let other: string;
    try {
      other = (
        await createUser(handle.db, {
          email: 'pat@example.com',
          oidcIssuer: 'https://accounts.google.com',
          // 7:30 PM on Nov 25 in Colorado Springs, already Nov 26 in UTC.
          createdAt: new Date('2026-11-26T02:30:00Z'),
        })
      ).id;
      await createUser(handle.db, { email: 'pat@example.com', oidcIssuer: 'https://sso.example.net' });
    } finally {
      await handle.close();
    }
    const refused = runWith({ SHOP_TIME_ZONE: 'America/Denver' }, 'pat@example.com', '2');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('2 accounts have the email pat@example.com; nothing changed.');
    // Each account with the day it began on the shop's clock, as its user page says it joined.
    expect(refused.stderr).toMatch(
      new RegExp(`${other} .*, signed in through https://accounts.google.com since 2026-11-25\n`),
    );
    expect(await levelOf('pat@example.com')).toEqual([0, 0]);
    const chosen = run('pat@example.com', '2', other);
    expect(chosen.status).toBe(0);
    expect((await levelOf('pat@example.com')).sort()).toEqual([0, 2]);
  });

  it('raises an account whose provider did not verify its email only when told its id, and lists it as such', async () => {
    const handle = await openDatabase({ dataDir });
    let claimed: string;
    let earlier: string;
    try {
      claimed = (
        await createUser(handle.db, {
          email: 'owner@example.com',
          emailVerified: false,
          oidcIssuer: 'https://sso.example.net',
        })
      ).id;
      // Last signed in before the shop recorded the provider's word: not known, so not taken as given.
      earlier = (await createUser(handle.db, { email: 'earlier@example.com', emailVerified: null })).id;
    } finally {
      await handle.close();
    }
    const unknown = run('earlier@example.com', '1');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(
      `Account ${earlier}, the one with the email earlier@example.com, has not signed in since this shop began recording whether dev verified emails; nothing changed.`,
    );
    const refused = run('owner@example.com', '2');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `https://sso.example.net has not verified that owner@example.com belongs to account ${claimed}, the one with that email; nothing changed.`,
    );
    expect(await levelOf('owner@example.com')).toEqual([0]);

    const read = await openDatabase({ dataDir });
    try {
      await createUser(read.db, { email: 'owner@example.com', oidcIssuer: 'https://accounts.google.com' });
    } finally {
      await read.close();
    }
    const listed = run('owner@example.com', '2');
    expect(listed.stderr).toContain(`${claimed}  Test User`);
    expect(listed.stderr).toMatch(new RegExp(`${claimed} .* \\(email not verified by the provider\\)`));

    const chosen = run('owner@example.com', '1', claimed);
    expect(chosen.status).toBe(0);
    expect((await levelOf('owner@example.com')).sort()).toEqual([0, 1]);
  });

  it('warns when ADMIN_EMAILS lists the address it takes the admin role from: the next sign-in gives it back', async () => {
    await read((db) => createUser(db, { email: 'listed@example.com', accessLevel: 2 }));
    const result = runWith({ ADMIN_EMAILS: 'Listed@Example.com' }, 'listed@example.com', '1');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('listed@example.com is now staff.');
    expect(result.stderr).toContain(
      'ADMIN_EMAILS lists listed@example.com: its next sign-in makes it an admin again. Take it out of ADMIN_EMAILS to keep this change.',
    );
    expect(runWith({}, 'listed@example.com', '0').stderr).not.toContain('ADMIN_EMAILS');
  });

  it('fails with a message for an email nobody has signed in with', () => {
    const result = run('nobody@example.com', '2');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No account with the email nobody@example.com yet');
  });

  it.each([[['sam@example.com', '3']], [['not-an-email', '1']]])('prints the usage for %j', (args) => {
    const result = run(...args);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Usage: npm run user:role -- <email> <0|1|2>');
  });
});
