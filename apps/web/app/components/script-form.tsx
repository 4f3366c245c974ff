import { useHydrated } from '../lib/use-hydrated.ts';

/**
 * A form that saves what React holds (a fetch of its state), not what the browser would post. Its
 * controls stay disabled until the page has hydrated: what is typed or chosen before then never
 * reaches React's state, so a save would send the rendered values and drop it without a word.
 */
export function ScriptForm({ children, ...form }: React.ComponentProps<'form'>) {
  const hydrated = useHydrated();
  return (
    <form {...form}>
      {/* Only for `disabled`: not a group of its own to assistive technology. */}
      <fieldset disabled={!hydrated} role="none" className="contents">
        {children}
      </fieldset>
    </form>
  );
}
