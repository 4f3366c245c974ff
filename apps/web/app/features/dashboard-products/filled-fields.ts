/**
 * An edit's text fields with the emptied ones left out (SPEC.md section 5: editing a product has no
 * required fields): a field cleared on the edit form keeps the product's value instead of failing.
 */
export function filledFields<T extends Record<string, string>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== '')) as Partial<T>;
}
