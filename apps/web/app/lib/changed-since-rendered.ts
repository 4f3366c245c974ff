/**
 * Whether a control holds something else than its markup gave it: on a page that has just hydrated,
 * only the visitor can have changed it, on the server-rendered page before React was there to hear.
 * For any other element, whether one of the controls inside it was changed (a group of radios).
 */
export function changedSinceRendered(element: Element): boolean {
  if (element instanceof HTMLSelectElement) {
    // The markup's choice: its last selected option, or the first when it marks none.
    const rendered =
      [...element.options].filter((option) => option.defaultSelected).at(-1) ?? element.options[0];
    return element.value !== (rendered?.value ?? '');
  }
  if (element instanceof HTMLInputElement)
    return element.type === 'checkbox' || element.type === 'radio'
      ? element.checked !== element.defaultChecked
      : element.value !== element.defaultValue;
  return [...element.querySelectorAll('input, select')].some(changedSinceRendered);
}
