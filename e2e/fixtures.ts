import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Route,
} from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

type Fixtures = {
  /** Browser errors this test expects, matched against their text; any other error fails the test. */
  allowedConsoleErrors: RegExp[];
  failOnConsoleErrors: undefined;
  /** Runs axe on the page as it is now and fails on any serious or critical WCAG 2.2 AA violation. */
  checkA11y: (page?: Page) => Promise<void>;
};

/** A serious or critical axe violation: the rule, why it matters, and where on the page it is. */
async function a11yViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    at ${node.target.join(' ')}`).join('\n');
      return `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.helpUrl}\n${targets}`;
    });
}

/**
 * True once the page's app has started (React Router's router exists), when the page has none, or
 * when it says its scripts did not load (the notice start-after-paint.ts shows).
 */
function appStartedOrAbsent() {
  return (
    '__reactRouterDataRouter' in window ||
    !document.querySelector('#app-modules, script[type="module"]') ||
    document.getElementById('scripts-failed')?.hidden === false
  );
}

/**
 * Makes every navigation of the context's pages wait for the page's app as well as for its load:
 * the app starts after the first paint (apps/web/app/lib/start-after-paint.ts), and a button pressed
 * before then does nothing, which a test that acts at once would take for a bug. From the moment the
 * app starts React replays what is pressed while it hydrates.
 */
export function waitForTheAppOnNavigation(context: BrowserContext) {
  const watch = (page: Page) => {
    for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
      Object.assign(page, {
        [name]: async (...args: unknown[]) => {
          const response = await navigate(...args);
          await page.waitForFunction(appStartedOrAbsent).catch((error: Error) => {
            // The page went on to another document meanwhile: that navigation is the test's to wait for.
            if (!/context was destroyed|navigat/i.test(error.message)) throw error;
          });
          return response;
        },
      });
    }
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return context;
}

/**
 * Holds the page's requests to `url` until `release()` lets them (and any later ones) through: what a
 * slow network or server looks like while the test checks the page meanwhile. `asked` settles when
 * the first of them is made; `stop()` takes the hold away once those held have been answered
 * (Playwright refuses to continue a request whose route is gone).
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let firstAsked!: () => void;
  const asked = new Promise<void>((resolve) => {
    firstAsked = resolve;
  });
  const hold = async (route: Route) => {
    firstAsked();
    await held;
    await route.continue();
  };
  await page.route(url, hold);
  return { asked, release, stop: () => page.unroute(url, hold) };
}

/**
 * Opens `path` with the page's scripts held back while `meanwhile` runs: what a visitor does on the
 * server-rendered page before it hydrates, as on a slow phone. Returns once the app has started.
 */
export async function beforeHydration(page: Page, path: string, meanwhile: () => Promise<void>) {
  const scripts = await holdRequests(page, /\.js(\?|$)/);
  const opened = page.goto(path);
  try {
    await meanwhile();
  } finally {
    scripts.release();
  }
  await opened;
  await scripts.stop();
}

/** Runs `use` on a page of a context of its own whose browser runs no JavaScript, then closes it. */
export async function withoutJavaScript(
  browser: Browser,
  baseURL: string | undefined,
  use: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    await use(waitForTheAppOnNavigation(context));
  },

  allowedConsoleErrors: [[], { option: true }],

  // A console error or an uncaught exception is a bug a visitor would hit even when the page looks right.
  failOnConsoleErrors: [
    async ({ context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const record = (text: string) => {
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      };
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        record(url ? `${message.text()} (${url})` : message.text());
      });
      context.on('weberror', (error) => record(`Uncaught ${error.error().stack ?? error.error().message}`));
      await use(undefined);
      expect(errors, `Browser errors:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],

  checkA11y: async ({ page }, use) => {
    await use(async (target = page) => {
      const violations = await a11yViolations(target);
      expect(violations, `Accessibility violations (${target.url()}):\n${violations.join('\n')}`).toEqual([]);
    });
  },
});

export { expect };

/**
 * WCAG 1.4.12's test style (the W3C text spacing bookmarklet): a page must lose nothing under it.
 * Added with `page.addStyleTag({ content: TEXT_SPACING })`.
 */
export const TEXT_SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/** How far the page scrolls sideways; at 320 px wide (400% zoom) more than 0 fails WCAG 1.4.10. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Stops the page's clock (installed with `page.clock.install()` before the page loaded) so the test
 * moves it with `page.clock.runFor`: how long something shows is then the page's time, which a busy
 * machine's late timers and the runner's polling do not stretch or shrink.
 */
export async function stopPageClock(page: Page): Promise<void> {
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 1000);
}
