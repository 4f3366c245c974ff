import { formatAddress } from '@barbershop/contract/format';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import * as schema from './schema/index.ts';
import { openTestDatabaseBefore } from './testing.ts';

const MIGRATION = '0004_structured_addresses';

describe(`migration ${MIGRATION}: addresses from free text to the structured Address`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabaseBefore(MIGRATION);
  });
  afterAll(() => handle.close());

  it('splits "line1, line2, City, ST 12345" into fields, keeps any other text whole in line1, loses nothing', async () => {
    const barberLines = ['2150 N Academy Blvd, Suite 104, Colorado Springs, CO 80909', 'Behind the old mill'];
    const userLines = ['1550 Larimer St, Denver, CO 80202-1234', '7 Forest Lane, Nottingham', '  ', null];
    for (const [i, line] of barberLines.entries()) {
      await handle.db.execute(sql`
        insert into barbers (slug, name, address, phone, email, hours)
        values (${`b${i}`}, ${`B${i}`}, ${line}, '7195550100', 'b@example.com', '{}')`);
    }
    for (const [i, line] of userLines.entries()) {
      await handle.db.execute(sql`
        insert into users (oidc_issuer, oidc_subject, email, name, address)
        values ('dev', ${`u${i}`}, 'u@example.com', ${`U${i}`}, ${line})`);
    }

    await handle.migrate();

    const barbers = await handle.db
      .select({ address: schema.barbers.address })
      .from(schema.barbers)
      .orderBy(asc(schema.barbers.name));
    expect(barbers.map((row) => row.address)).toEqual([
      {
        line1: '2150 N Academy Blvd',
        line2: 'Suite 104',
        city: 'Colorado Springs',
        state: 'CO',
        postal_code: '80909',
        country: 'US',
      },
      { line1: 'Behind the old mill', line2: '', city: '', state: '', postal_code: '', country: '' },
    ]);
    const users = await handle.db
      .select({ address: schema.users.address })
      .from(schema.users)
      .orderBy(asc(schema.users.name));
    expect(users.map((row) => row.address)).toEqual([
      {
        line1: '1550 Larimer St',
        line2: '',
        city: 'Denver',
        state: 'CO',
        postal_code: '80202-1234',
        country: 'US',
      },
      { line1: '7 Forest Lane, Nottingham', line2: '', city: '', state: '', postal_code: '', country: '' },
      null,
      null,
    ]);
    // Printed on one line, every converted address reads as the text it came from.
    const printed = [...barbers, ...users].flatMap((row) =>
      row.address ? [formatAddress(row.address)] : [],
    );
    expect(printed).toEqual([...barberLines, ...userLines.slice(0, 2)]);
  });
});
