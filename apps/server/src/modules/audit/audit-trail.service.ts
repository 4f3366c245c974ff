import {
  type AuditActor,
  type AuditEntityKind,
  type AuditEntry,
  type AuditQuery,
  AuditQuerySchema,
} from '@barbershop/contract';
import { decodeKeyset, type Executor, encodeKeyset } from '@barbershop/db';
import { AppError } from '../../plugins/errors.ts';
import { listAuditActors, listAuditPage } from './audit-trail.repository.ts';

/** GET /audit: who changed what, newest first, by person, kind of record and one record. */
export async function listAuditTrail(db: Executor, query: AuditQuery): Promise<AuditEntry[]> {
  const parsed = AuditQuerySchema.parse(query);
  const after = parsed.after ? decodeKeyset(parsed.after) : undefined;
  if (after === null) throw new AppError('bad_request', 'querystring.after: is not a cursor from this list');
  const rows = await listAuditPage(db, {
    actorUserId: parsed.actor,
    entity: parsed.entity,
    entityId: parsed.entityId,
    after,
    limit: parsed.limit,
  });
  return rows.map((row) => ({
    _id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId ? { gid: row.actorId, name: row.actorName ?? '' } : null,
    tool: row.tool,
    entity: row.entity as AuditEntityKind,
    entityId: row.entityId,
    action: row.action,
    before: row.before,
    after: row.after,
    cursor: encodeKeyset({ at: row.atExact, id: row.id }),
  }));
}

/** GET /audit/actors: whoever has made a change, including people who are no longer staff. */
export async function listActors(db: Executor): Promise<AuditActor[]> {
  return (await listAuditActors(db)).map((row) => ({ gid: row.id, name: row.name }));
}
