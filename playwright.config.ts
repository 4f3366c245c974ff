import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** A port nobody listens on right now, so runs never collide with a developer's server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

// Each worker loads this file again: they inherit the port through the environment and share one server.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
// The server's data directory, so tests can read what it writes there (the email outbox); e2e/server.ts
// removes it on exit.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'barbershop-e2e-'));
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  retries: 0,
  // The longest journeys (a dozen pages, two people signed in) take about 20 s on this machine kind
  // and over 30 s, Playwright's default, when it runs slowly; at a load of 20 to 30 the store's first
  // journey at 390 px and the dashboard's contact-details test ran out of 90 s mid-way, every step
  // passing. A stuck test still fails, at 150 s.
  timeout: 150_000,
  // What a page does after a click (a navigation, a payment, another tab's change) shows in a second
  // or two here, but past expect's default 5 s on a busy 2-core machine: at a load of 20 to 30, Pay's
  // confirmation, a sign-out reaching another tab and a page's loading took 5 s and more (three tests
  // failed there in one run of four files). A wait ends as soon as the page shows what is expected, so
  // only a failing test takes longer.
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 720 },
        launchOptions: {
          // Debian's Chromium, found by e2e/run.ts; the flags keep it off the network this machine lacks.
          executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `${JSON.stringify(process.execPath)} e2e/server.ts`,
    url: `${baseURL}/readyz`,
    env: { PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR },
    // Seeding rasterises the sample pictures: 21 s at a load of 10, minutes at 30.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close its database and e2e/server.ts remove the temporary data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
