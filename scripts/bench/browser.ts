import { gzipSync } from 'node:zlib';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Quiet, offline-friendly Chromium: nothing but the page under test uses the network or the CPU. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

export type PageScripts = { files: number; gzipBytes: number };

/** The phone Lighthouse's mobile run emulates (a Moto G Power): the targets are about a phone's first load. */
const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile as {
  width: number;
  height: number;
  deviceScaleFactor: number;
};
export const PHONE = {
  viewport: { width, height },
  deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: userAgents.mobile,
};

/**
 * Every script the page fetches until the network is idle (500 ms without a request), whether the
 * HTML names it or the page imports it while starting (Leaflet on the barber pages once the map is
 * near the screen), each gzipped at level 9, on the phone Lighthouse emulates. A fresh context each
 * time, so nothing comes from the cache.
 */
export async function scriptsBeforeIdle(browser: Browser, url: string): Promise<PageScripts> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || bodies.has(response.url())) return;
      bodies.set(response.url(), response.body());
    });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()} in the browser`);
    let gzipBytes = 0;
    for (const body of bodies.values()) gzipBytes += gzipSync(await body, { level: 9 }).length;
    return { files: bodies.size, gzipBytes };
  } finally {
    await context.close();
  }
}

/**
 * Signs `context` in through the development identity provider as `email`, typed as a visitor would,
 * so any address works: one not yet known becomes a customer account.
 */
export async function signInThroughDevIdp(
  context: BrowserContext,
  base: string,
  email: string,
): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${base}/api/auth/google?path=/`);
    await page.waitForURL(/\/dev-idp\/interaction\//);
    await page.getByLabel('Or sign in as another email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/dev-idp/') && !u.pathname.startsWith('/api/'));
  } finally {
    await page.close();
  }
}

/**
 * Signs in as `email` (signInThroughDevIdp) and returns the session's Cookie header, for requests the
 * load generator makes on that user's behalf.
 */
export async function signInCookie(browser: Browser, base: string, email: string): Promise<string> {
  const context = await browser.newContext();
  try {
    await signInThroughDevIdp(context, base, email);
    const cookies = await context.cookies(base);
    if (!cookies.length) throw new Error(`signing in as ${email} set no cookie`);
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await context.close();
  }
}
