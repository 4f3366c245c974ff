import { type RefObject, useEffect } from 'react';

/**
 * After a save that failed, takes the keyboard and the view to what needs fixing: the first field
 * marked invalid, or else the form's alert. Otherwise the message sits at the top of a long form,
 * out of sight, while focus stays on the button that was pressed. `attempt` is a new object at each
 * failed try (the form's errors, a fetcher's answer), so a second press with the same mistake goes
 * there again.
 */
export function useFocusOnFailure(
  form: RefObject<HTMLFormElement | null>,
  failure: string | null,
  attempt: object | undefined,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new `attempt` is a new failed try.
  useEffect(() => {
    if (!failure || !form.current) return;
    const field = form.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) return field.focus();
    const alert = form.current.querySelector<HTMLElement>('[role="alert"]');
    if (!alert) return;
    alert.tabIndex = -1;
    alert.focus();
  }, [failure, attempt, form]);
}
