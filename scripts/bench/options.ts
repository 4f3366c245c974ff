import { parseArgs } from 'node:util';

export type Options = {
  /** A short smoke run for development: fewer requests, one Lighthouse run per page. */
  quick: boolean;
  /** Missing a target exits non-zero too (errors, 404 pages and crashes always do). */
  strict: boolean;
  db: 'pglite' | 'postgres';
  lighthouseRuns: number;
  /**
   * Lighthouse's CPU slowdown (its mobile default is 4). Its simulated throttling multiplies the CPU
   * work it observes, so on a machine twice as fast as another, 8 reads what 4 reads there.
   */
  cpuSlowdown: number;
  /** Interleaved rounds per HTTP entry, each this many seconds per side. */
  rounds: number;
  roundSeconds: number;
  connections: number;
  /** Run the simulated sale (scripts/bench/sale.ts) instead of the page and API figures. */
  sale: boolean;
  saleSeconds: number;
};

const USAGE = `npm run bench [-- --quick] [--strict] [--db pglite|postgres] [--cpu-slowdown N]
  --quick          short smoke run: 1 s per HTTP side, one round, one Lighthouse run per page
  --strict         exit non-zero when a target is missed (a 404 page, a crash or an error always does)
  --db postgres    a database of its own on DATABASE_URL or TEST_DATABASE_URL, dropped at the end
                   (default: embedded PGlite in a temporary directory)
  --cpu-slowdown N Lighthouse's CPU slowdown (default 4, its mobile setting): 8 on a machine whose CPU
                   index reads twice another's shows the pages as the slower machine measures them
  --sale           a sale, simulated: two server copies on PostgreSQL (DATABASE_URL or TEST_DATABASE_URL),
                   200 visitors browsing, 20 checkouts a second on a product with 100 units, then proofs
  --sale-seconds N how long the sale lasts (default 60)`;

export function parseOptions(argv: string[]): Options {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.db !== 'pglite' && values.db !== 'postgres') {
    console.error(`--db must be pglite or postgres (got ${values.db})\n\n${USAGE}`);
    process.exit(2);
  }
  const quick = values.quick ?? false;
  const saleSeconds = Number(values['sale-seconds'] ?? 60);
  if (!(saleSeconds > 0 && saleSeconds <= 3600)) {
    console.error(
      `--sale-seconds must be a number of seconds from 1 to 3600 (got ${values['sale-seconds']})\n\n${USAGE}`,
    );
    process.exit(2);
  }
  const cpuSlowdown = Number(values['cpu-slowdown'] ?? 4);
  if (!(cpuSlowdown >= 1 && cpuSlowdown <= 20)) {
    console.error(`--cpu-slowdown must be a number from 1 to 20 (got ${values['cpu-slowdown']})\n\n${USAGE}`);
    process.exit(2);
  }
  return {
    quick,
    strict: values.strict ?? false,
    db: values.db,
    lighthouseRuns: quick ? 1 : 5,
    cpuSlowdown,
    rounds: quick ? 1 : 3,
    roundSeconds: quick ? 1 : 5,
    connections: 10,
    sale: values.sale ?? false,
    saleSeconds,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean' },
      strict: { type: 'boolean' },
      db: { type: 'string', default: 'pglite' },
      sale: { type: 'boolean' },
      'sale-seconds': { type: 'string' },
      'cpu-slowdown': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
