import type { CurrentUser } from '@barbershop/contract';
import { AccountMenu } from './account-menu.tsx';
import { SignInButton } from './sign-in-button.tsx';

/** The header's account control: SIGN IN when signed out, the account menu when signed in. */
export function AuthControls({
  user,
  apiBaseUrl,
  provider,
}: {
  user: CurrentUser;
  apiBaseUrl: string;
  provider: string;
}) {
  return user ? (
    <AccountMenu user={user} apiBaseUrl={apiBaseUrl} />
  ) : (
    <SignInButton apiBaseUrl={apiBaseUrl} provider={provider} />
  );
}
