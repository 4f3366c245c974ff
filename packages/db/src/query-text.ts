/** Text from the client turned into query values: search patterns and keyset cursors. */

/** Text typed into a search box as a LIKE pattern: its `%`, `_` and `\` are meant literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Where a page of a newest-first list ends: the exact timestamp (as PostgreSQL prints it) and id of its last row. */
export type KeysetKey = { at: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A timestamptz as PostgreSQL prints it: "2026-11-23 12:56:09.123456+00".
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/;

/** The opaque cursor a client passes back for the next page. */
export function encodeKeyset(key: KeysetKey): string {
  return Buffer.from(`${key.at}|${key.id}`).toString('base64url');
}

/** A cursor back from the client, or null when it is not one this server handed out. */
export function decodeKeyset(cursor: string): KeysetKey | null {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  return at && id && rest.length === 0 && PG_TIMESTAMP.test(at) && UUID.test(id) ? { at, id } : null;
}
