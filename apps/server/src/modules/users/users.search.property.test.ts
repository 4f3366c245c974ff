import { type Address, formatAddress, userMatches } from '@barbershop/contract';
import { createUser } from '@barbershop/db/factories';
import { openTestDatabase } from '@barbershop/db/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUsersPage, type UserRow } from './users.repository.ts';

// Names, streets and cities as a shop's customers have them: accents, other scripts, a Turkish İ, a
// Kelvin sign (both lower-case to ASCII in JavaScript), punctuation and spaces.
const word = fc.stringMatching(/^[A-Za-zÀ-ÿİıKßΣσςЖж0-9'.@#-]{1,8}$/);
const words = fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' '));
const address: fc.Arbitrary<Address> = fc.record({
  line1: words,
  line2: fc.oneof(fc.constant(''), words),
  city: words,
  state: fc.oneof(fc.constant(''), word),
  postal_code: fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9]{5}$/)),
  country: fc.constantFrom('US', 'CA'),
});
const customer = fc.record({
  name: words,
  phone: fc.oneof(fc.constant(null), fc.stringMatching(/^[0-9]{10}$/)),
  address: fc.oneof(fc.constant(null), address),
});

/** A piece of a user's searchable text, as staff might type it: any case, a phone with its dashes. */
function queryFrom(user: UserRow, pick: number, start: number, length: number, upper: boolean): string {
  const phone = user.phone ?? '';
  const fields = [
    user.id,
    user.name,
    user.email,
    phone,
    `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
    user.address ? formatAddress(user.address) : '',
  ];
  const field = fields[pick % fields.length]!;
  const from = start % Math.max(field.length, 1);
  const piece = field.slice(from, from + length);
  return upper ? piece.toUpperCase() : piece;
}

/**
 * The users search asks the database for the users who could match and `userMatches` decides: the
 * database's condition must never leave out a user `userMatches` finds, whatever their text.
 */
describe('users search, property-based', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let everyone: UserRow[];
  beforeAll(async () => {
    handle = await openTestDatabase();
    const people = fc.sample(customer, { numRuns: 60, seed: 20261129 });
    everyone = [];
    for (const person of people)
      everyone.push(
        await createUser(handle.db, { ...person, address: person.address && { ...person.address } }),
      );
  });
  afterAll(() => handle.close());

  it('leaves out no user the search matches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        async (who, pick, start, length, upper) => {
          const q = queryFrom(everyone[who % everyone.length]!, pick, start, length, upper);
          const found = await listUsersPage(handle.db, { q, limit: 1000 });
          const expected = everyone.filter((user) => userMatches({ ...user, gid: user.id }, q));
          expect(found.map((user) => user.id)).toEqual(
            expect.arrayContaining(expected.map((user) => user.id)),
          );
        },
      ),
      { numRuns: 150, seed: 20261129 },
    );
  });

  it('finds names whose capitals lower-case to other letters, as the search compares them', async () => {
    const ipek = await createUser(handle.db, { name: 'İpek Yılmaz' });
    // The Kelvin sign, not the letter K: it lower-cases to a plain k.
    const kelvin = await createUser(handle.db, { name: '\u212Aelvin Shaw' });
    const ids = async (q: string) =>
      (await listUsersPage(handle.db, { q, limit: 1000 })).map((user) => user.id);
    expect(await ids('İPEK')).toEqual([ipek.id]);
    expect(await ids('kelvin sh')).toEqual([kelvin.id]);
  });

  it('asks only for users who could match, however many users there are', async () => {
    const needle = await createUser(handle.db, { name: 'Quillon Marsh' });
    const found = await listUsersPage(handle.db, { q: 'quillon', limit: 500 });
    expect(found.map((user) => user.id)).toEqual([needle.id]);
  });
});
