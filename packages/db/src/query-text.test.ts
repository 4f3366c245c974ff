import { describe, expect, it } from 'vitest';
import { decodeKeyset, encodeKeyset } from './query-text.ts';

const ID = '410036d6-537b-4a27-aa3d-8289fa4c3c6b';
const cursor = (at: string) => encodeKeyset({ at, id: ID });

describe('decodeKeyset', () => {
  it('reads back the cursors it hands out, as PostgreSQL prints a timestamptz', () => {
    for (const at of [
      '2026-11-23 12:56:09.123456+00',
      '2026-11-23 12:56:09+00',
      '2024-02-29 23:59:59.5-07',
      '2026-11-23T05:56:09+05:30',
      '1900-01-01 00:00:00+00:00:00',
    ]) {
      expect(decodeKeyset(cursor(at))).toEqual({ at, id: ID });
    }
  });

  it('refuses a timestamp of the right shape that names no moment, which PostgreSQL would fail on', () => {
    for (const at of [
      '2026-13-45 99:99:99+00',
      '2026-02-29 10:00:00+00',
      '2026-04-31 10:00:00+00',
      '2026-11-23 24:00:00+00',
      '2026-11-23 12:60:00+00',
      '2026-11-23 12:00:60+00',
      '0000-01-01 00:00:00+00',
      '2026-11-23 12:00:00+16',
      '2026-11-23 12:00:00+05:60',
    ]) {
      expect(decodeKeyset(cursor(at))).toBeNull();
    }
  });

  it('refuses anything else: no separator, a bad id, extra parts', () => {
    expect(decodeKeyset('bm9wZQ')).toBeNull();
    expect(decodeKeyset(encodeKeyset({ at: '2026-11-23 12:56:09+00', id: 'nope' }))).toBeNull();
    expect(decodeKeyset(Buffer.from(`2026-11-23 12:56:09+00|${ID}|x`).toString('base64url'))).toBeNull();
  });
});
