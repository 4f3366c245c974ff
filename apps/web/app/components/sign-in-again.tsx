import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { isSessionEnded } from '../lib/api.ts';
import { signInStartHref } from '../lib/sign-in-href.ts';
import type { RootData } from '../root.tsx';

/**
 * Said with a save the API refused because the session ended while the form was open (it expired, or
 * was ended on another device). Signing in in this tab would leave the page and lose what was typed,
 * images picked included: sign-in opens in a new tab instead, and the form, still filled in, is saved
 * again from here. Straight to the identity provider: a page of the site opened signed out would tell
 * the other tabs so (session-across-tabs.ts), and this one would leave for the sign-in page. Goes
 * inside the form's alert, below what was not saved.
 */
export function SignInAgain() {
  const apiBaseUrl = useRouteLoaderData<RootData>('root')?.config.apiBaseUrl ?? '';
  return (
    <p className="mt-1">
      Your session has ended.{' '}
      <a
        // Any dashboard page would do for the new tab to land on; this one loads fastest.
        href={signInStartHref(apiBaseUrl, '/dashboard')}
        target="_blank"
        rel="noopener"
        className="font-semibold underline underline-offset-4"
      >
        Sign in again in a new tab
      </a>
      , then save again here: what you entered is kept.
    </p>
  );
}

/**
 * What a form saved by script adds to its refusal: `note`, SignInAgain when the save was refused
 * because the session had ended, to show inside its alert; `noteFrom` takes what each refusal caught
 * (null at each new try).
 */
export function useSignInAgain() {
  const [ended, setEnded] = useState(false);
  return {
    note: ended ? <SignInAgain /> : null,
    noteFrom: (caught: unknown) => setEnded(isSessionEnded(caught)),
  };
}
