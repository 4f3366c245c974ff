import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Playwright's own browser download cannot reach its host here, so the tests drive the system's Chromium.
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const SERVER_BUILD = new URL('../apps/web/build/server/index.js', import.meta.url);

function fail(message: string): never {
  console.error(`test:e2e: ${message}`);
  process.exit(1);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

/** CHROME_PATH wins; otherwise the first system Chromium that exists. */
function findChromium(): string | undefined {
  const chosen = process.env.CHROME_PATH;
  if (chosen) {
    if (!existsSync(chosen)) fail(`CHROME_PATH=${chosen} does not exist.`);
    return chosen;
  }
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path));
}

/** On a Debian machine where we are root, Debian's own package is one command away. */
function installChromium(): string {
  const canInstall = existsSync('/etc/debian_version') && process.getuid?.() === 0;
  if (!canInstall) {
    fail(
      'no Chromium found. Install one (Debian/Ubuntu: "apt-get install chromium") or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  console.warn('test:e2e: no Chromium found; installing Debian\'s "chromium" package.');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update'], env) !== 0 || run('apt-get', ['install', '-y', 'chromium'], env) !== 0) {
    fail('"apt-get install chromium" failed.');
  }
  return findChromium() ?? fail('Chromium was installed but is not at /usr/bin/chromium.');
}

if (!existsSync(SERVER_BUILD)) fail('no production build of the web app: run npm run build first.');
const chromium = findChromium() ?? installChromium();
process.exit(
  run('npx', ['playwright', 'test', ...process.argv.slice(2)], { ...process.env, CHROME_PATH: chromium }),
);
