import { z } from 'zod';

/** What the audit trail records changes to (DESIGN.md: every staff change, with before and after). */
export const AUDIT_ENTITIES = ['product', 'stock', 'item', 'barber', 'shop', 'user', 'order'] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITIES)[number];

/**
 * What makes a change no signed-in person makes, as the audit trail names it (its `tool`), and how
 * the dashboard says it.
 */
export const AUDIT_TOOLS = {
  roleCommand: 'npm run user:role',
  eraseCommand: 'npm run user:erase',
  adminEmails: 'ADMIN_EMAILS',
} as const;
export type AuditTool = (typeof AUDIT_TOOLS)[keyof typeof AUDIT_TOOLS];
const TOOL_LABELS: Record<string, string> = {
  [AUDIT_TOOLS.roleCommand]: 'the command line (npm run user:role)',
  [AUDIT_TOOLS.eraseCommand]: 'the command line (npm run user:erase)',
  [AUDIT_TOOLS.adminEmails]: "the server's ADMIN_EMAILS setting, at sign-in",
};

/** Who made a change that no person made, in words; a tool this version does not know, by its name. */
export function auditToolLabel(tool: string): string {
  return TOOL_LABELS[tool] ?? tool;
}

/** Entries per page of the activity list and of a page's history. */
export const AUDIT_PAGE = 50;

/** GET /audit: filter by person, kind and one record; keyset paging through `after`. */
export const AuditQuerySchema = z.object({
  actor: z.uuid().optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.string().max(100).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

/** Someone who has made a change: the activity page's person filter lists them, staff or not today. */
export const AuditActorSchema = z.object({ gid: z.uuid(), name: z.string() });
export type AuditActor = z.infer<typeof AuditActorSchema>;

export const AuditEntrySchema = z.object({
  _id: z.uuid(),
  at: z.iso.datetime(),
  /** Who made the change; null when no signed-in person did (see `tool`) or once their account is gone. */
  actor: AuditActorSchema.nullable(),
  /** What made the change when no signed-in person did: one of AUDIT_TOOLS. */
  tool: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** Opaque: pass it back as `after` for the next page. */
  cursor: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
