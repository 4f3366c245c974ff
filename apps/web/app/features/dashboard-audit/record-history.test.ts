import { AUDIT_PAGE, type AuditEntry } from '@barbershop/contract';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api.ts';
import { recordHistory } from './record-history.ts';

/** An API that answers the audit trail with `count` entries, or fewer when the call asks a limit. */
function auditOf(count: number, asked: string[]): ApiClient {
  const get = async (path: string) => {
    asked.push(path);
    const limit = Number(new URL(path, 'http://x').searchParams.get('limit'));
    return Array.from({ length: Math.min(count, limit) }, (_, i) => ({ _id: String(i) }) as AuditEntry);
  };
  return { get } as unknown as ApiClient;
}

describe('recordHistory', () => {
  it("shows a record's newest changes and links to all of them when there are more", async () => {
    const asked: string[] = [];
    const many = await recordHistory(auditOf(AUDIT_PAGE + 7, asked), 'b-1', 'barber');
    expect(asked).toEqual([`/audit?entity=barber&entityId=b-1&limit=${AUDIT_PAGE + 1}`]);
    expect(many.entries).toHaveLength(AUDIT_PAGE);
    expect(many.allChanges).toBe('/dashboard/activity?entity=barber&entityId=b-1');
  });

  it('has no link when every change is shown, exactly a page of them included', async () => {
    for (const count of [0, AUDIT_PAGE]) {
      const history = await recordHistory(auditOf(count, []), 'p-1');
      expect(history.entries).toHaveLength(count);
      expect(history.allChanges).toBeNull();
    }
  });
});
