import type { Address } from '@barbershop/contract';

/** SPEC.md section 3's delivery address: the postal address plus the recipient's name; line2 optional. */
export type DeliveryAddress = Address & { name: string };

/** The fields SPEC.md section 5 requires, in its order, with the labels it names. */
const REQUIRED: [keyof DeliveryAddress, string][] = [
  ['country', 'Country'],
  ['name', 'Name'],
  ['line1', 'Address Line 1'],
  ['city', 'City'],
  ['state', 'State'],
  ['postal_code', 'Postal Code'],
];

/**
 * SPEC.md section 5: 'Missing information: ' followed by the labels of the missing required fields, or
 * null when nothing is missing. Only the delivery method needs it, and that method is not offered yet.
 */
export function deliveryAddressProblem(address: Partial<DeliveryAddress>): string | null {
  const missing = REQUIRED.filter(([field]) => !address[field]?.trim()).map(([, label]) => label);
  return missing.length ? `Missing information: ${missing.join(', ')}` : null;
}
