import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const include = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/web/app/**/*.test.{ts,tsx}',
  'apps/web/scripts/**/*.test.ts',
];

const text = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const files = (patterns: string[]) => globSync(patterns, { cwd: import.meta.dirname });

// Every test runs on the embedded database; with TEST_DATABASE_URL set, the database-backed tests
// run a second time against that PostgreSQL server.
const postgres = process.env.TEST_DATABASE_URL;

// Database-backed: a file that opens its database through the test helpers, which choose PostgreSQL
// in that second run, or reads the variables itself. The others (a command on a data directory, the
// lock, a parser, a config check) would run the same tests twice, for a minute and more of CI.
const DATABASE_BACKED =
  /@barbershop\/db\/testing|\.\/testing\.ts|\/test\/app\.ts|\/test\/processes\.ts|TEST_DB|TEST_DATABASE_URL/;

// A file that replaces a module (vi.mock) needs modules of its own. Every other file shares its
// worker's: the app, the embedded database's WebAssembly and its migrated snapshot load once per
// worker instead of once per file, which halved the suite's time. Read when the config loads: watch
// mode sees a new `vi.mock` on restart.
const mocking = files(include).filter((file) => /\bvi\.mock\(/.test(text(file)));

/** A database's tests as two projects: `name` on shared modules, `name:isolated` for the files that mock. */
function projectsOf(name: string, include: string[], env: Record<string, string> = {}) {
  const test = { env, testTimeout: 20_000, hookTimeout: 60_000 };
  const own = new Set(files(include));
  const isolated = mocking.filter((file) => own.has(file));
  return [
    { test: { ...test, name, include, exclude: [...configDefaults.exclude, ...mocking], isolate: false } },
    { test: { ...test, name: `${name}:isolated`, include: isolated, isolate: true } },
  ] satisfies TestProjectInlineConfiguration[];
}

export default defineConfig({
  test: {
    // One test file per core, not Vitest's one fewer: on CI's two cores that is one at a time, and
    // much of a file's time is spent waiting on a database or a server it started.
    maxWorkers: availableParallelism(),
    projects: [
      ...projectsOf('pglite', include),
      ...(postgres
        ? projectsOf(
            'postgres',
            files(['packages/db/src/**/*.test.ts', 'apps/server/src/**/*.test.ts']).filter((file) =>
              DATABASE_BACKED.test(text(file)),
            ),
            { TEST_DB: 'postgres' },
          )
        : []),
    ],
  },
});
