import { roleName } from '@barbershop/contract/domain';
import { DEMO_ACCOUNTS } from '@barbershop/db/demo-accounts';
import { DEV_IDP_PATH } from './dev-idp.settings.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

// The site's colours, plain CSS: this page is served by the provider, outside the web app, with no script.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f6f2ea;color:#1c1b19;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:32rem;margin:0 auto;padding:2rem 1rem}
h1{font:600 1.75rem/1.1 Oswald,"Arial Narrow",Arial,sans-serif;text-transform:uppercase;letter-spacing:.02em;margin:0 0 .5rem}
p{margin:0 0 1rem}
fieldset{border:0;margin:0 0 1.5rem;padding:0}
legend{font-weight:600;margin-bottom:.5rem;padding:0}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
button,input{font:inherit}
.account{display:flex;flex-direction:column;align-items:flex-start;width:100%;min-height:44px;padding:.625rem 1rem;border:2px solid #1c1b19;border-radius:.375rem;background:#fff;color:#1c1b19;text-align:left;cursor:pointer}
.account:hover{background:#1c1b19;color:#f6f2ea}
.account small{font-size:.875rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;min-height:44px;padding:.5rem .75rem;border:2px solid #5d574d;border-radius:.375rem;background:#fff;color:#1c1b19}
.row{display:flex;gap:.5rem;margin-top:.5rem;flex-wrap:wrap}
.primary,.secondary{min-height:44px;padding:.5rem 1.25rem;border-radius:.375rem;cursor:pointer;font-weight:600}
.primary{border:2px solid #1c1b19;background:#1c1b19;color:#f6f2ea}
.secondary{border:2px solid #5d574d;background:transparent;color:#1c1b19}
.error{border-left:4px solid #a3261b;background:#fff;color:#7a1c14;padding:.5rem .75rem;margin:.5rem 0}
.note{color:#5d574d;font-size:.875rem}
a{color:#7d5a1f}
:focus-visible{outline:3px solid #7d5a1f;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The development provider's sign-in page: pick a demo account or type any email; no password. */
export function pickAccountPage(uid: string, problem?: { email: string; message: string }): string {
  const action = `${DEV_IDP_PATH}/interaction/${encodeURIComponent(uid)}`;
  const accounts = DEMO_ACCOUNTS.map(
    (account) => `<li><button class="account" type="submit" name="email" value="${escapeHtml(account.email)}">
<span>${escapeHtml(account.name)}</span>
<small>${roleName(account.accessLevel)} · ${escapeHtml(account.email)}</small>
</button></li>`,
  ).join('\n');
  const error = problem
    ? `<p class="error" id="email-error" role="alert">${escapeHtml(problem.message)}</p>`
    : '';
  return page(
    'Development sign-in',
    `<h1>Development sign-in</h1>
<p>This demo site signs in here instead of Google. Pick an account: no password is needed.</p>
<form method="post" action="${action}/login">
<fieldset>
<legend>Demo accounts</legend>
<ul>
${accounts}
</ul>
</fieldset>
</form>
<form method="post" action="${action}/login" novalidate>
<label for="email">Or sign in as another email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(problem?.email ?? '')}"${problem ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${error}
<div class="row">
<button class="primary" type="submit">Continue</button>
</div>
</form>
<form method="post" action="${action}/abort">
<div class="row">
<button class="secondary" type="submit">Cancel</button>
</div>
</form>
<p class="note">A new email becomes a customer account on this site.</p>`,
  );
}

/** What the provider shows when a sign-in cannot go on, with the way back to the site. */
export function problemPage(message: string): string {
  return page(
    'Sign-in problem',
    `<h1>Sign-in problem</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="/sign-in">Back to the site's sign-in</a></p>`,
  );
}
