/** A plain object (not null, not an array): what JSON read from storage or the audit trail may hold. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
