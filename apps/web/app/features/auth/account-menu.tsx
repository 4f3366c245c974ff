import type { CurrentUser } from '@barbershop/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDisclosure } from '../../components/use-disclosure.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { accountLinks } from './account-links.ts';
import { signOut } from './sign-out.ts';

const triggerClass = 'inline-flex min-h-11 items-center gap-2 rounded px-2 text-paper hover:text-brass';
const itemClass =
  'flex min-h-11 w-full items-center px-4 font-display text-sm tracking-widest text-charcoal hover:bg-charcoal hover:text-paper';

/**
 * The identity provider's profile picture, or a generic figure when there is none or it does not load
 * (blocked, gone, offline). A picture that failed before the page hydrated fired its error event
 * unheard, so the first effect checks for that too.
 */
export function Avatar({ picture }: { picture: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  if (picture && !failed) {
    return (
      <img
        ref={image}
        src={picture}
        alt=""
        width={32}
        height={32}
        // Google's picture host refuses some requests that carry a Referer.
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="h-8 w-8 rounded-full bg-brass object-cover"
      />
    );
  }
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-8 w-8 rounded-full bg-brass p-1 text-charcoal"
      fill="currentColor"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
    </svg>
  );
}

/**
 * The signed-in menu (SPEC.md sections 2 and 6): a disclosure button that opens the links the role
 * allows and SIGN OUT. Escape, a click elsewhere or choosing a link closes it.
 */
export function AccountMenu({ user, apiBaseUrl }: { user: NonNullable<CurrentUser>; apiBaseUrl: string }) {
  const { open, setOpen, container, trigger } = useDisclosure();
  const menuId = useId();
  const links = accountLinks(user.accessLevel);
  const hydrated = useHydrated();
  const [home] = links;
  const closed = !hydrated && home;
  const label = (
    <>
      <Avatar picture={user.picture} />
      {/* The name is the button's label; on a phone only the icon shows, and the name stays for screen readers. */}
      <span className="sr-only">{`${closed ? 'Account' : 'Account menu'}, signed in as `}</span>
      <span className="sr-only max-w-40 truncate text-sm sm:not-sr-only sm:inline-block">{user.name}</span>
      <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3" fill="currentColor">
        <path d="M2 4l4 4 4-4z" />
      </svg>
    </>
  );

  // Until the page's script runs (or without it) the menu cannot open: the trigger is a link to the
  // first place it offers (the profile, or the dashboard for staff), so a press still leads somewhere.
  if (closed) {
    return (
      <a href={home.to} className={triggerClass}>
        {label}
      </a>
    );
  }

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className={triggerClass}
      >
        {label}
      </button>
      {/* Forced colours drop its shadow and ring: a border keeps it apart from the page it covers. */}
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-full z-40 mt-2 w-64 overflow-hidden rounded-md bg-paper text-charcoal shadow-xl ring-1 ring-charcoal/10 forced-colors:border"
      >
        <p className="border-b border-charcoal/10 px-4 py-3 text-sm">
          <span className="block font-semibold wrap-anywhere">{user.name}</span>
          <span className="block truncate text-muted">{user.email}</span>
        </p>
        <ul className="py-1">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={itemClass} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
          <li className="border-t border-charcoal/10">
            <button type="button" className={itemClass} onClick={() => signOut(apiBaseUrl)}>
              SIGN OUT
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
