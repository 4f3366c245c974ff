import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, openDatabase } from './client.ts';

it('opens the embedded database with a small buffer pool (PGlite keeps all of it resident)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'barbershop-client-'));
  const handle = await openDatabase({ dataDir: dir });
  try {
    const result = (await handle.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(result.rows).toEqual([{ shared_buffers: EMBEDDED_SHARED_BUFFERS }]);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
