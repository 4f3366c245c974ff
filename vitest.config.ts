import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const include = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/web/app/**/*.test.{ts,tsx}',
];

// Every test runs on the embedded database; with TEST_DATABASE_URL set, the database-backed tests
// run a second time against that PostgreSQL server.
const postgres = process.env.TEST_DATABASE_URL;

// Database-backed: a file that opens its database through the test helpers, which choose PostgreSQL
// in that second run, or reads the variables itself. The others (a command on a data directory, the
// lock, a parser, a config check) would run the same tests twice, for a minute and more of CI.
const DATABASE_BACKED =
  /@barbershop\/db\/testing|\.\/testing\.ts|\/test\/app\.ts|\/test\/processes\.ts|TEST_DB|TEST_DATABASE_URL/;
const postgresFiles = () =>
  globSync(['packages/db/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'], {
    cwd: import.meta.dirname,
  }).filter((file) => DATABASE_BACKED.test(readFileSync(new URL(file, import.meta.url), 'utf8')));

export default defineConfig({
  test: {
    // One test file per core, not Vitest's one fewer: on CI's two cores that is one at a time, and
    // much of a file's time is spent waiting on a database or a server it started.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'pglite', include, testTimeout: 20_000, hookTimeout: 60_000 } },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgres',
                include: postgresFiles(),
                env: { TEST_DB: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
