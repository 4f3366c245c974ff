import { useCallback, useRef } from 'react';

/**
 * A double-click reaches the page as two clicks, the second with `detail` 2 (a triple-click's third
 * with 3); a key press or a tap held apart has 1 or 0. Many people double-click every button.
 */
type Click = Pick<MouseEvent, 'detail'>;

/** True for the second or third click of a double- or triple-click: for a button that acts once (Add, Remove), not a second press. */
export function isRepeatClick(event: Click): boolean {
  return event.detail > 1;
}

/**
 * For buttons that move under the pointer when one acts (a line leaves its list, the next moves up
 * into its place): the later clicks of a double-click count only on the button where it began, so a
 * stepper pressed quickly still counts each press. `pressed(event, control)` says whether to act.
 */
export function useRepeatsOnOneControl(): (event: Click, control: string) => boolean {
  const last = useRef<string | null>(null);
  return useCallback((event: Click, control: string) => {
    if (isRepeatClick(event) && last.current !== control) return false;
    last.current = control;
    return true;
  }, []);
}
