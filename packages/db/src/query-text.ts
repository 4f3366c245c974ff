/** Text from the client turned into query values: search patterns and keyset cursors. */

/** Text typed into a search box as a LIKE pattern: its `%`, `_` and `\` are meant literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Where a page of a newest-first list ends: the exact timestamp (as PostgreSQL prints it) and id of its last row. */
export type KeysetKey = { at: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A timestamptz as PostgreSQL prints it: "2026-11-23 12:56:09.123456+00".
const PG_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?|Z)$/;

/**
 * A timestamp as PostgreSQL prints one, naming a moment that exists: the shape alone lets
 * "2026-13-45 99:99:99" through, which PostgreSQL answers with an error where the list wants a miss.
 */
function isTimestamp(text: string): boolean {
  const parts = PG_TIMESTAMP.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHour = 0, ...offsetRest] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day);
  return (
    year! >= 1 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHour < 16 &&
    offsetRest.every((part) => part === undefined || part < 60)
  );
}

/** The opaque cursor a client passes back for the next page. */
export function encodeKeyset(key: KeysetKey): string {
  return Buffer.from(`${key.at}|${key.id}`).toString('base64url');
}

/** A cursor back from the client, or null when it is not one this server handed out. */
export function decodeKeyset(cursor: string): KeysetKey | null {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  return at && id && rest.length === 0 && isTimestamp(at) && UUID.test(id) ? { at, id } : null;
}
