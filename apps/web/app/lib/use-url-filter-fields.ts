import { type RefObject, useEffect } from 'react';

/**
 * Keeps a GET filter form's uncontrolled fields showing the filter in the URL: a filter changed
 * from elsewhere (a sidebar link, back and forward, "Show every order") is copied in, except into a
 * field staff are using. `defaultValue` alone would keep showing the old filter.
 */
export function useUrlFilterFields(form: RefObject<HTMLFormElement | null>, values: Record<string, string>) {
  const key = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `values`' contents.
  useEffect(() => {
    for (const [name, value] of Object.entries(values)) {
      const field = form.current?.elements.namedItem(name);
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        field !== document.activeElement
      )
        field.value = value;
    }
  }, [key]);
}
