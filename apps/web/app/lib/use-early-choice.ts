import { useEffect, useRef } from 'react';
import { changedSinceRendered } from './changed-since-rendered.ts';

/** What a select or text input shows. */
const shownValue = (control: HTMLElement) => (control as HTMLSelectElement | HTMLInputElement).value;

/**
 * A choice made in a server-rendered control before the page hydrated: the browser keeps it on
 * screen, but no change event reached React, which hydrates without touching the control and keeps
 * the value it rendered (the public pages' app starts at the visitor's first press, so that press is
 * such a choice). Once hydrated, this hands the shown value (`read` from the element the returned ref
 * is on) to `adopt`, so what the form sends, and the buttons it enables, is what the person chose.
 * Later changes go through onChange.
 */
export function useEarlyChoice<Element extends HTMLElement>(
  adopt: (shown: string) => void,
  read: (element: Element) => string = shownValue,
) {
  const element = useRef<Element>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page hydrates.
  useEffect(() => {
    if (element.current && changedSinceRendered(element.current)) adopt(read(element.current));
  }, []);
  return element;
}
