import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  type DatabaseHandle,
  knownMigrations,
  latestAppliedMigration,
  migrationsThrough,
  schema,
} from '@barbershop/db';
import { createItem, createProduct, createUser } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import { getTableName, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../modules/media/images.ts';
import { localMediaStorage, type MediaStorage } from '../modules/media/media.storage.ts';
import { listOrdersPage } from '../modules/orders/orders.staff.repository.ts';
import { createOrder } from '../test/orders.ts';
import { backupTo, restoreFrom, tablesInDependencyOrder } from './backup.ts';
import { checksumOf } from './checksums.ts';

async function tableRows(handle: DatabaseHandle, name: string) {
  const result = (await handle.db.execute(
    sql.raw(`select row_to_json(t)::text as row from "${name}" t order by 1`),
  )) as unknown as { rows: { row: string }[] };
  return result.rows.map((r) => JSON.parse(r.row));
}

describe('backup and restore', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'barbershop-backup-'));
  let source: DatabaseHandle;
  let target: DatabaseHandle;
  let sourceMedia: MediaStorage;
  let targetMedia: MediaStorage;
  let imageKey: string;
  // The backup every test starts from, made once the source holds its rows.
  const backup = join(scratch, 'backup-1');
  let made: Awaited<ReturnType<typeof backupTo>>;

  beforeAll(async () => {
    source = await openTestDatabase();
    target = await openTestDatabase();
    sourceMedia = localMediaStorage(join(scratch, 'source-media'));
    targetMedia = localMediaStorage(join(scratch, 'target-media'));
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b08d57' } })
      .png()
      .toBuffer();
    imageKey = await storeImage(sourceMedia, png);

    const db = source.db;
    await db.insert(schema.shop).values({
      name: 'Gold Standard Barbershop',
      phone: '7195550142',
      email: 'hello@example.com',
      address: {
        line1: '1 Main St',
        line2: '',
        city: 'Colorado Springs',
        state: 'CO',
        postal_code: '80909',
        country: 'US',
      },
      salesTaxRate: 0.029,
    });
    const casey = await createUser(db, { name: 'Casey Customer' });
    const sam = await createUser(db, { name: 'Sam Staff', accessLevel: 1 });
    const hoodie = await createProduct(
      db,
      { name: 'Logo Hoodie', category: 'Hoodies', priceCents: 5500 },
      { imageKeys: [imageKey], stock: { Small: 0, Medium: 4, Large: 7 } },
    );
    await createOrder(db, {
      userId: casey.id,
      lines: [{ product: hoodie, size: 'Large', quantity: 2 }],
      status: 'ready',
      salesTaxRate: 0.029,
      actorUserId: sam.id,
    });
    await createOrder(db, {
      userId: casey.id,
      lines: [{ product: hoodie, size: 'Medium', quantity: 1 }],
      status: 'pending',
    });
    await createItem(db, { productId: hoodie.id, size: 'Small', ownerLabel: 'owned' });
    await db.insert(schema.auditLog).values({
      actorUserId: sam.id,
      entity: 'product',
      entityId: hoodie.id,
      action: 'update',
      before: { pricing: 50 },
      after: { pricing: 55 },
    });
    made = await backupTo(source, sourceMedia, backup);
  });

  afterAll(async () => {
    await source?.close();
    await target?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('brings every row and referenced image back into a fresh database', async () => {
    expect(made.tables).toMatchObject({
      orders: 2,
      order_log: 2,
      product_items: 3,
      audit_log: 1,
      product_stock: 3,
    });
    expect(made.media).toBe(3);
    expect(made.missingMedia).toBeUndefined();
    expect(made.migration).toEqual(knownMigrations().at(-1));
    // Every file written, tables and images, with the size and SHA-256 of what is on disk.
    expect(Object.keys(made.files ?? {}).sort()).toEqual(
      readdirSync(backup, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name !== 'manifest.json')
        .map((entry) => relative(backup, join(entry.parentPath, entry.name)))
        .sort(),
    );
    expect(made.files?.['tables/orders.json']).toEqual(
      checksumOf(readFileSync(join(backup, 'tables', 'orders.json'))),
    );

    const restored = await restoreFrom(target, targetMedia, backup);
    expect(restored.tables).toEqual(made.tables);
    for (const table of tablesInDependencyOrder()) {
      const name = getTableName(table);
      expect(await tableRows(target, name), name).toEqual(await tableRows(source, name));
    }
    const stock = await tableRows(target, 'product_stock');
    // What is left after the two orders took theirs (2 Large, 1 Medium), as a checkout would.
    expect(stock.map((row) => [row.size, row.quantity]).sort()).toEqual([
      ['Large', 5],
      ['Medium', 3],
      ['Small', 0],
    ]);
    expect(await targetMedia.get(`${imageKey}-640.webp`)).toEqual(
      await sourceMedia.get(`${imageKey}-640.webp`),
    );
  });

  it('refuses to restore over a database that already holds a shop, and changes nothing', async () => {
    const before = await tableRows(source, 'orders');
    await expect(restoreFrom(source, sourceMedia, backup)).rejects.toThrow(/fresh, empty database/);
    expect(await tableRows(source, 'orders')).toEqual(before);
  });

  it('names the images it could not find instead of passing for a whole backup', async () => {
    const partial: MediaStorage = Object.assign(Object.create(sourceMedia), {
      get: async (key: string) => (key.endsWith('-320.webp') ? null : sourceMedia.get(key)),
    });
    const made = await backupTo(source, partial, join(scratch, 'backup-partial'));
    expect(made.missingMedia).toEqual([`${imageKey}-320.webp`]);
    expect(made.media).toBe(2);
  });

  /** Makes the copy in `dir` a backup of a release that recorded no checksums, as old ones are. */
  function withoutChecksums(dir: string) {
    const { files: _, ...manifest } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  }

  it('restores nothing from a backup with a table cut short, and says which', async () => {
    const dir = join(scratch, 'backup-cut');
    cpSync(backup, dir, { recursive: true });
    // Its checksum would refuse it first: a backup without them still has the counts.
    withoutChecksums(dir);
    writeFileSync(join(dir, 'tables', 'order_log.json'), '[]');
    const fresh = await openTestDatabase();
    try {
      await expect(restoreFrom(fresh, targetMedia, dir)).rejects.toThrow(
        /order_log\.json holds 0 rows where the manifest counts 2: nothing was restored/,
      );
      expect(await tableRows(fresh, 'users')).toEqual([]);
      expect(await tableRows(fresh, 'orders')).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  /**
   * Restores a copy of the backup, changed by `damage`, into a fresh database and media folder, and
   * expects it refused with `message` before a row or an image is written.
   */
  async function expectRefused(name: string, damage: (dir: string) => void, message: string) {
    const dir = join(scratch, name);
    cpSync(backup, dir, { recursive: true });
    damage(dir);
    const fresh = await openTestDatabase();
    const mediaRoot = join(scratch, `${name}-media`);
    try {
      await expect(restoreFrom(fresh, localMediaStorage(mediaRoot), dir)).rejects.toThrow(message);
      expect(await tableRows(fresh, 'users')).toEqual([]);
      expect(await tableRows(fresh, 'shop')).toEqual([]);
      expect(await tableRows(fresh, 'orders')).toEqual([]);
      expect(existsSync(mediaRoot)).toBe(false);
    } finally {
      await fresh.close();
    }
  }

  /** What a restore says of a file of the copy `name` that does not match its checksum. */
  const damaged = (name: string, file: string, why: string) =>
    `The backup's ${join(scratch, name, file)} ${why}: nothing was restored.`;

  it('restores nothing from a copy with an image cut short (an interrupted rsync), and names it', async () => {
    const file = `media/${imageKey}-640.webp`;
    const { bytes } = made.files![file]!;
    const half = Math.floor(bytes / 2);
    await expectRefused(
      'backup-short-image',
      (dir) => truncateSync(join(dir, file), half),
      damaged(
        'backup-short-image',
        file,
        `holds ${half} bytes where its manifest records ${bytes} (copied only in part?)`,
      ),
    );
  });

  it('restores nothing from a backup with a table file changed since, though its rows still count right', async () => {
    await expectRefused(
      'backup-changed-table',
      (dir) => {
        // As many rows and bytes as the manifest records: only the SHA-256 tells the change apart.
        const path = join(dir, 'tables', 'users.json');
        const users = JSON.parse(readFileSync(path, 'utf8'));
        users[0].name = [...users[0].name].reverse().join('');
        writeFileSync(path, JSON.stringify(users));
      },
      damaged(
        'backup-changed-table',
        'tables/users.json',
        'does not match the SHA-256 its manifest records (changed or damaged since the backup)',
      ),
    );
  });

  it('restores nothing from a copy missing an image, and names it', async () => {
    const file = `media/${imageKey}-320.webp`;
    await expectRefused(
      'backup-missing-image',
      (dir) => rmSync(join(dir, file)),
      damaged('backup-missing-image', file, 'is missing'),
    );
  });

  it('restores nothing from a manifest naming a file outside the backup', async () => {
    await expectRefused(
      'backup-outside',
      (dir) => {
        const path = join(dir, 'manifest.json');
        const manifest = JSON.parse(readFileSync(path, 'utf8'));
        manifest.files['../../etc/passwd'] = { bytes: 1, sha256: '0' };
        writeFileSync(path, JSON.stringify(manifest));
      },
      "The backup's manifest names ../../etc/passwd, outside its folder: nothing was restored.",
    );
  });

  it('still restores a backup made before the manifest recorded checksums, by its counts', async () => {
    const dir = join(scratch, 'backup-unchecked');
    cpSync(backup, dir, { recursive: true });
    withoutChecksums(dir);
    const fresh = await openTestDatabase();
    try {
      const restored = await restoreFrom(fresh, localMediaStorage(join(scratch, 'unchecked-media')), dir);
      expect(restored.tables).toEqual(made.tables);
      expect(restored.media).toBe(3);
      expect(await tableRows(fresh, 'orders')).toEqual(await tableRows(source, 'orders'));
    } finally {
      await fresh.close();
    }
  });

  it('keeps the backup to its owner: every folder 0700, every file 0600', () => {
    const entries = readdirSync(backup, { recursive: true, withFileTypes: true });
    const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
    const modes = Object.fromEntries([
      ['.', modeOf(backup)],
      ...entries.map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(backup, path), modeOf(path)];
      }),
    ]);
    const expected = Object.fromEntries([
      ['.', '700'],
      ...entries.map((entry) => [
        relative(backup, join(entry.parentPath, entry.name)),
        entry.isDirectory() ? '700' : '600',
      ]),
    ]);
    expect(modes).toEqual(expected);
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining(['manifest.json', 'tables/orders.json', `media/${imageKey}-640.webp`]),
    );
  });

  it('refuses a backup made by a newer release, before writing a row or an image', async () => {
    await expectRefused(
      'backup-newer',
      (dir) => {
        const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
        writeFileSync(
          join(dir, 'manifest.json'),
          JSON.stringify({ ...manifest, migration: { index: 9999, tag: '9999_later' } }),
        );
      },
      'This backup was made by a newer release (database schema 9999_later); restore it with that release or a later one.',
    );
  });

  it('still restores a backup made before the manifest named its migration', async () => {
    const dir = join(scratch, 'backup-unnamed');
    cpSync(backup, dir, { recursive: true });
    const { migration: _, ...manifest } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const fresh = await openTestDatabase();
    try {
      expect((await restoreFrom(fresh, targetMedia, dir)).tables).toEqual(made.tables);
    } finally {
      await fresh.close();
    }
  });

  it('refuses to back up a database a newer release migrated: its new tables would be left out', async () => {
    const newer = await openTestDatabase();
    try {
      await newer.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', 99999999999999)`,
      );
      await expect(backupTo(newer, sourceMedia, join(scratch, 'backup-of-newer'))).rejects.toThrow(
        'This database was migrated by a newer release than this one: back it up with that release.',
      );
      // Refused before anything is written: a nightly job's failed runs leave no empty folders.
      expect(existsSync(join(scratch, 'backup-of-newer'))).toBe(false);
    } finally {
      await newer.close();
    }
  });

  it('refuses to write a second backup into a directory that holds one', async () => {
    await expect(backupTo(source, sourceMedia, backup)).rejects.toThrow(/already holds a backup/);
  });
});

// An upgrade by backup and restore: a shop moving to PostgreSQL or to a new host takes the older
// release's backup into the newer release.
describe("restoring an older release's backup", () => {
  const failedRefunds = knownMigrations().find(({ tag }) => tag === '0011_failed_refunds')!;
  const scratch = mkdtempSync(join(tmpdir(), 'barbershop-backup-older-'));
  const media = localMediaStorage(join(scratch, 'media'));
  const backup = join(scratch, 'backup');
  const orderId = '5df5aed2-54f8-47e0-b734-83a931946bbf';

  beforeAll(async () => {
    const folder = migrationsThrough(failedRefunds.index);
    const older = await openTestDatabase({ migrationsFolder: folder });
    try {
      // What that release wrote: an order whose refund failed after it was canceled, and its
      // confirmation email still waiting for the mail server.
      const db = older.db;
      const { rows } = (await db.execute(sql`
        insert into users (oidc_issuer, oidc_subject, email, name)
        values ('https://idp.example', 'casey', 'casey@example.com', 'Casey Customer')
        returning id`)) as unknown as { rows: { id: string }[] };
      await db.execute(sql`
        insert into orders (id, user_id, status, subtotal, total, refunded, payment_id, updated_at)
        values (${orderId}, ${rows[0]!.id}, 'canceled', 3200, 3200, 3200, 'pi_1', '2026-11-27T10:00:00Z')`);
      await db.execute(sql`
        insert into failed_refunds (id, order_id, amount, made_at, failed_at)
        values ('re_1', ${orderId}, 3200, '2026-11-27T09:00:00Z', '2026-11-27T10:00:00Z')`);
      await db.execute(sql`
        insert into outbox (dedupe_key, "to", subject, html, text)
        values (${`order-confirmation:${orderId}`}, 'casey@example.com', 'Order confirmed', '<p>Thanks</p>', 'Thanks')`);
      // The backup that release wrote (this code's backupTo reads today's tables): its tables' rows
      // and a manifest naming its latest migration.
      const tables: Record<string, number> = {};
      mkdirSync(join(backup, 'tables'), { recursive: true });
      for (const name of ['users', 'orders', 'failed_refunds', 'outbox']) {
        const rows = await tableRows(older, name);
        writeFileSync(join(backup, 'tables', `${name}.json`), JSON.stringify(rows));
        tables[name] = rows.length;
      }
      const manifest = {
        format: 1,
        createdAt: '2026-11-27T12:00:00Z',
        driver: older.driver,
        migration: failedRefunds,
        tables,
        media: 0,
      };
      writeFileSync(join(backup, 'manifest.json'), JSON.stringify(manifest));
    } finally {
      await older.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('brings its rows up to date as the migrations since did the older database: a failed refund needs attention, a waiting email knows its order', async () => {
    const none = migrationsThrough(-1);
    // A new, empty database, as the restore drill makes one: nothing has migrated it yet.
    const fresh = await openTestDatabase({ migrationsFolder: none });
    try {
      await restoreFrom(fresh, media, backup);
      // Staff's "Needs attention" list, where migration 0012 put such orders on an upgraded database.
      const attention = await listOrdersPage(fresh.db, { needsAttention: true, limit: 10 });
      expect(attention.map((order) => order.id)).toEqual([orderId]);
      const [email] = await fresh.db.select().from(schema.outbox);
      expect(email?.orderId).toBe(orderId);
      expect(await latestAppliedMigration(fresh.db)).toEqual(knownMigrations().at(-1));
    } finally {
      await fresh.close();
      rmSync(none, { recursive: true, force: true });
    }
  });

  it("leaves a new database as it was when the copy is refused, not migrated to the backup's schema", async () => {
    const dir = join(scratch, 'backup-short-of-media');
    cpSync(backup, dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, media: 1 }));
    const none = migrationsThrough(-1);
    const fresh = await openTestDatabase({ migrationsFolder: none });
    try {
      await expect(restoreFrom(fresh, media, dir)).rejects.toThrow(
        'The backup holds 0 media files where its manifest counts 1.',
      );
      expect(await latestAppliedMigration(fresh.db)).toBeNull();
    } finally {
      await fresh.close();
      rmSync(none, { recursive: true, force: true });
    }
  });

  it('refuses a database already migrated past its schema, which those migrations would skip, before writing', async () => {
    const migrated = await openTestDatabase();
    try {
      await expect(restoreFrom(migrated, media, backup)).rejects.toThrow(
        "This database was already migrated past the backup's schema (0011_failed_refunds): restore into a new, empty database that no server or db:migrate has opened, so the migrations since then update the restored rows.",
      );
      expect(await tableRows(migrated, 'orders')).toEqual([]);
    } finally {
      await migrated.close();
    }
  });
});
