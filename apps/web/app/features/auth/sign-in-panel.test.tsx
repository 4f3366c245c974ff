import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar } from './account-menu.tsx';
import { SignInPanel } from './sign-in-panel.tsx';

const panel = (provider: string) =>
  renderToString(<SignInPanel path="/store" apiBaseUrl="" provider={provider} headingId="h" />);

describe('SignInPanel', () => {
  it('names the configured identity provider', () => {
    const html = panel('Example ID');
    expect(html).toContain('Securely sign in to your account with <!-- -->Example ID');
    expect(html).toContain('Sign In with <!-- -->Example ID');
    expect(html).not.toContain('Google');
  });

  it("shows Google's mark only for Google", () => {
    expect(panel('Google')).toContain('#4285F4');
    expect(panel('Example ID')).not.toContain('#4285F4');
  });
});

describe('Avatar', () => {
  it("shows the provider's picture without sending a Referer, and a figure when there is none", () => {
    const withPicture = renderToString(<Avatar picture="https://lh3.googleusercontent.com/a/me" />);
    expect(withPicture).toContain('src="https://lh3.googleusercontent.com/a/me"');
    expect(withPicture).toContain('referrerPolicy="no-referrer"');
    const without = renderToString(<Avatar picture="" />);
    expect(without).not.toContain('<img');
    expect(without).toContain('<svg');
  });
});
