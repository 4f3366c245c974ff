/** The closed sets of SPEC.md sections 3, 4 and 9, shared by the database, the API and the pages. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from an address or a request can be a record's: every record's id is a UUID. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export const CATEGORIES = ['Hats', 'Shirts', 'Hoodies'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SIZES = ['Small', 'Medium', 'Large', 'Extra-Large', 'One Size Fits All'] as const;
export type Size = (typeof SIZES)[number];

export const ORDER_STATUSES = ['pending', 'processing', 'ready', 'shipped', 'delivered', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DELIVERY_METHODS = ['pickup', 'delivery'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const ITEM_STATUSES = ['printing', 'ready'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Weekday names as people and schema.org write them. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/**
 * Whether a week gives any opening hours: one left empty says nothing of when the doors open (it is
 * hours not given yet, not a shop closed every day), so it is not shown as a week of 'Closed'.
 */
export function hasOpeningHours(hours: Record<Weekday, readonly unknown[]>): boolean {
  return WEEKDAYS.some((day) => hours[day].length > 0);
}

/**
 * An opening range in minutes from the day's start. A close of 00:00 is midnight, the day's end
 * (24:00): a shop open until midnight picks 12:00 AM, which a time input gives as 00:00.
 */
export function rangeMinutes([open, close]: readonly [string, string, ...unknown[]]): [number, number] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return [minutes(open), close === '00:00' ? 24 * 60 : minutes(close)];
}

/**
 * accessLevel of SPEC.md section 6: 0 customer, 1 staff, 2 admin. SPEC.md reads any other number as
 * admin; the database allows only these three, and pages treat any other as no role (docs/decisions.md).
 */
export const ACCESS = { customer: 0, staff: 1, admin: 2 } as const;
export type Role = keyof typeof ACCESS;
export type AccessLevel = (typeof ACCESS)[Role];

/** The role of a known access level, for people to read; undefined for any other number. */
export function roleName(accessLevel: number): Role | undefined {
  return (Object.keys(ACCESS) as Role[]).find((role) => ACCESS[role] === accessLevel);
}
