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
                include: ['packages/db/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
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
