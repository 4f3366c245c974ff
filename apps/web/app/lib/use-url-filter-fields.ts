import { type RefObject, useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';
import { changedSinceRendered } from './changed-since-rendered.ts';

/**
 * Keeps a GET filter form's uncontrolled fields (text, select, checkbox) showing the filter in the
 * URL: a filter changed from elsewhere (a sidebar link, back and forward, "Show every order") is
 * copied in, except into a field staff are using as the form's own search lands or the page starts.
 * `defaultValue` alone would keep showing the old filter. Back and Forward are copied in even there: the keyboard stays
 * in the box after a search, and kept its words over the list Back showed. When the form mounts, a
 * field that already differs from its markup was changed by the visitor on the server-rendered page
 * before it hydrated, and stays theirs: the markup is the URL's filter already.
 */
export function useUrlFilterFields(form: RefObject<HTMLFormElement | null>, values: Record<string, string>) {
  const key = JSON.stringify(values);
  const fromHistory = useNavigationType() === 'POP';
  const shown = useRef(key);
  const mounting = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `values`' contents.
  useEffect(() => {
    const historyMoved = fromHistory && shown.current !== key;
    const atMount = mounting.current;
    shown.current = key;
    mounting.current = false;
    for (const [name, value] of Object.entries(values)) {
      const field = form.current?.elements.namedItem(name);
      if (
        !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) ||
        (!historyMoved && field === document.activeElement) ||
        (atMount && changedSinceRendered(field))
      )
        continue;
      // A checkbox's value is what it sends when checked; the filter's value says whether it is.
      if (field instanceof HTMLInputElement && field.type === 'checkbox')
        field.checked = field.value === value;
      else field.value = value;
    }
  }, [key]);
}
