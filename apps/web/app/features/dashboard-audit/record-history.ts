import { AUDIT_PAGE, type AuditEntityKind } from '@barbershop/contract';
import type { ApiClient } from '../../lib/api.ts';

/**
 * One record's newest changes for the panel on its page, and, when it has more, the activity page
 * filtered to it, where every one of them can be paged through.
 */
export async function recordHistory(api: ApiClient, entityId: string, entity?: AuditEntityKind) {
  const filter = new URLSearchParams({ ...(entity ? { entity } : {}), entityId });
  const rows = await api.get(`/audit?${filter}&limit=${AUDIT_PAGE + 1}`);
  return {
    entries: rows.slice(0, AUDIT_PAGE),
    allChanges: rows.length > AUDIT_PAGE ? `/dashboard/activity?${filter}` : null,
  };
}
