import { alertClass } from './alert.tsx';

/**
 * What a visitor whose browser runs no JavaScript reads where a part of the page cannot work without
 * it (the cart lives in this browser's storage): a <noscript>, so a browser that runs the page's
 * script never shows it. `replaces` names the id of what the page shows meanwhile ('Loading your
 * cart…'), which would otherwise promise something that never comes.
 */
export function NeedsScript({ children, replaces }: { children: React.ReactNode; replaces?: string }) {
  return (
    <noscript>
      {replaces && <style>{`#${replaces}{display:none}`}</style>}
      <p className={alertClass('info')}>{children}</p>
    </noscript>
  );
}

/** The cart's own words for it: every page of the store that holds a cart says the same. */
export function CartNeedsScript({ replaces }: { replaces?: string }) {
  return (
    <NeedsScript replaces={replaces}>
      The cart is kept in this browser and needs JavaScript, which is turned off here. Turn it on to add
      items, see your cart and check out.
    </NeedsScript>
  );
}
