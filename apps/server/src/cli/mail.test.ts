import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, schema } from '@barbershop/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail, markEmailRefused } from '../modules/mail/outbox.repository.ts';
import { runCli } from '../test/cli.ts';

// Each run starts Node and opens the embedded database: seconds apiece on a busy two-core machine.
describe('npm run mail:failed and mail:retry', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'barbershop-mail-'));
  const run = (...args: string[]) => runCli('mail.ts', dataDir, {}, args);
  const ids: Record<string, string> = {};
  const rowOf = async (key: string) => {
    const handle = await openDatabase({ dataDir });
    try {
      return (await handle.db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, key)))[0]!;
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    const handle = await openDatabase({ dataDir });
    try {
      await handle.migrate();
      for (const [key, minute] of [
        ['gone', '00'],
        ['typo', '05'],
        ['waiting', ''],
      ] as const) {
        const to = `${key}@example.com`;
        await enqueueEmail(handle.db, key, {
          to,
          subject: `Ready for pickup: ${key}`,
          html: '<p>1</p>',
          text: '1',
        });
        const [row] = await handle.db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, key));
        ids[key] = row!.id;
        if (minute) {
          const at = new Date(`2026-11-29T15:${minute}:00Z`);
          await markEmailRefused(handle.db, row!.id, at, `550 <${to}>: no such mailbox`);
        }
      }
    } finally {
      await handle.close();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists the emails the mail server refused for good, to whom, what and why, and re-queues those named', async () => {
    const listed = run('failed');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toBe(
      [
        `${ids.gone}  2026-11-29T15:00:00.000Z  to gone@example.com: Ready for pickup: gone`,
        '  550 <gone@example.com>: no such mailbox',
        `${ids.typo}  2026-11-29T15:05:00.000Z  to typo@example.com: Ready for pickup: typo`,
        '  550 <typo@example.com>: no such mailbox',
        '',
      ].join('\n'),
    );
    expect(listed.stderr).toContain('2 refused by the mail server, not tried again.');

    const retried = run('retry', ids.typo!);
    expect(retried.status).toBe(0);
    expect(retried.stderr).toContain('Re-queued 1 email');
    const typo = await rowOf('typo');
    expect(typo.failedAt).toBeNull();
    expect(typo.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await rowOf('gone')).failedAt).not.toBeNull();

    // One waiting to be tried is not a refused one: named, it is said so, and left as it was.
    const waiting = run('retry', ids.waiting!);
    expect(waiting.status).toBe(1);
    expect(waiting.stderr).toContain(`No refused email ${ids.waiting}: npm run mail:failed lists them.`);

    expect(run('retry', 'all').stderr).toContain('Re-queued 1 email');
    const none = run('failed');
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No email was refused by the mail server.');
  });

  it('says how it is used when given something else', () => {
    for (const args of [
      ['retry', 'not-an-id'],
      ['failed', 'all'],
    ]) {
      const result = run(...args);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'Usage: npm run mail:failed, or npm run mail:retry -- <all | outbox id...>',
      );
    }
  });
});
