import { writeFileSync } from 'node:fs';
import { type HttpResult, wholeMs } from './http.ts';
import type { LighthouseFigures } from './lighthouse.ts';

export type PageResult = { path: string } & LighthouseFigures & {
    jsFiles: number;
    jsGzipBytes: number;
    blankJsGzipBytes: number;
    jsRatio: number;
  };

export type Results = {
  pages: PageResult[];
  /** Lighthouse's CPU slowdown in this run (`--cpu-slowdown`; Lighthouse's own mobile setting is 4). */
  cpuSlowdown: number;
  /**
   * The blank React Router page under Lighthouse in the same run, a reference with no target of its
   * own, read beside each page's performance and TBT: what this machine reads for the smallest page
   * of the same framework (served plainly: its scripts start as React Router writes them, not after
   * the first paint).
   */
  blankPage?: LighthouseFigures;
  http: HttpResult[];
  rssMb: { idle: number; load: number };
  /** The median of `coldStartsMs`. */
  coldStartMs: number;
  /** Each start's milliseconds from spawning the server to its first 200 on `/`. */
  coldStartsMs: number[];
  /** What always fails the run: 404 pages, crashes, error responses. */
  failures: string[];
};

type Check = { subject: string; target: string; value: string; met: boolean };

/**
 * Pages kept out of search engines on purpose (`noindex`, docs/decisions.md 2026-11-23): Lighthouse's
 * is-crawlable audit fails there by design, so their SEO target is every other SEO audit passing and
 * that one failing (the page must stay unindexed), not a score of 100.
 */
const NOINDEX_PAGES = new Set(['/cart']);

/** The targets of issue 12 point 5, each checked against the figures. */
export function checkTargets(results: Results): Check[] {
  const checks: Check[] = [];
  const add = (subject: string, target: string, value: string, met: boolean) =>
    checks.push({ subject, target, value, met });
  // The blank page's own figures beside each page's, as the bare server's are beside /healthz's.
  const blank = results.blankPage;
  const blankPerformance = blank ? `; blank page ${blank.performance}` : '';
  const blankTbt = blank ? `; blank page ${blank.tbtMs.toFixed(0)} ms` : '';
  // The targets are for Lighthouse's own mobile slowdown; another is a what-if, said beside each.
  const slowdown = results.cpuSlowdown === 4 ? '' : ` (at CPU slowdown ${results.cpuSlowdown})`;
  for (const page of results.pages) {
    const p = page.path;
    add(p, `performance >= 98${slowdown}`, `${page.performance}${blankPerformance}`, page.performance >= 98);
    add(p, 'accessibility 100', String(page.accessibility), page.accessibility === 100);
    add(p, 'best practices 100', String(page.bestPractices), page.bestPractices === 100);
    if (NOINDEX_PAGES.has(p)) {
      const failed = page.failedSeoAudits;
      add(
        p,
        'SEO: all audits but is-crawlable pass (noindex by design)',
        `${page.seo}; failed: ${failed.join(', ') || 'none'}`,
        failed.length === 1 && failed[0] === 'is-crawlable',
      );
    } else add(p, 'SEO 100', String(page.seo), page.seo === 100);
    add(p, `LCP <= 2.0 s${slowdown}`, `${(page.lcpMs / 1000).toFixed(2)} s`, page.lcpMs <= 2000);
    add(p, `TBT <= 100 ms${slowdown}`, `${page.tbtMs.toFixed(0)} ms${blankTbt}`, page.tbtMs <= 100);
    add(p, 'CLS <= 0.02', page.cls.toFixed(3), page.cls <= 0.02);
    add(
      p,
      'first-load JS <= 1.4x blank',
      `${kb(page.jsGzipBytes)} = ${page.jsRatio.toFixed(2)}x ${kb(page.blankJsGzipBytes)}`,
      page.jsRatio <= 1.4,
    );
    if (p === '/') add(p, 'total bytes <= 450 KB', kb(page.totalBytes), page.totalBytes <= 450 * 1024);
  }
  const headersOnly = results.http.find((entry) => entry.kind === 'reference');
  for (const entry of results.http) {
    if (entry.kind === 'reference') continue;
    const ratio = `${entry.rpsRatio.toFixed(2)}x (${entry.rps.toFixed(0)} / ${entry.baselineRps.toFixed(0)} req/s)`;
    if (entry.kind === 'health') {
      const ceiling = headersOnly ? `; bare with our headers ${headersOnly.rpsRatio.toFixed(2)}x` : '';
      add(entry.name, 'req/s >= 0.85x bare', ratio + ceiling, entry.rpsRatio >= 0.85);
    }
    if (entry.kind === 'catalogue') add(entry.name, 'req/s >= 0.5x bare', ratio, entry.rpsRatio >= 0.5);
    if (entry.kind === 'ssr')
      add(
        entry.name,
        'p50 <= 3x its API read',
        `${entry.p50Ratio.toFixed(2)}x (${entry.p50Ms.toFixed(0)} / ${entry.baselineP50Ms.toFixed(0)} ms)`,
        entry.p50Ratio <= 3,
      );
    add(
      entry.name,
      'p99 <= 3x p50',
      `${(entry.p99Ms / wholeMs(entry.p50Ms)).toFixed(2)}x (${entry.p99Ms.toFixed(0)} / ${entry.p50Ms.toFixed(0)} ms)`,
      entry.p99Ms <= 3 * wholeMs(entry.p50Ms),
    );
    add(entry.name, 'no errors', String(entry.errors), entry.errors === 0);
  }
  add('server', 'RSS under load <= 250 MB', `${results.rssMb.load.toFixed(0)} MB`, results.rssMb.load <= 250);
  return checks;
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function printResults(results: Results, checks: Check[]) {
  console.log(
    `\nPages (Lighthouse mobile, simulated throttling, CPU slowdown ${results.cpuSlowdown}; JS = every script fetched before network idle, gzip -9)`,
  );
  console.log(
    table([
      [
        'page',
        'perf',
        'a11y',
        'best',
        'seo',
        'LCP ms',
        'TBT ms',
        'CLS',
        'JS files',
        'JS gzip',
        'x blank',
        'total',
        'CPU index',
      ],
      ...results.pages.map((p) => [
        p.path,
        String(p.performance),
        String(p.accessibility),
        String(p.bestPractices),
        String(p.seo),
        p.lcpMs.toFixed(0),
        p.tbtMs.toFixed(0),
        p.cls.toFixed(3),
        String(p.jsFiles),
        kb(p.jsGzipBytes),
        p.jsRatio.toFixed(2),
        kb(p.totalBytes),
        p.benchmarkIndex.toFixed(0),
      ]),
    ]),
  );
  const blank = results.blankPage;
  if (blank)
    console.log(
      `blank React Router page (reference): perf ${blank.performance}, LCP ${blank.lcpMs.toFixed(0)} ms, TBT ${blank.tbtMs.toFixed(0)} ms, CPU index ${blank.benchmarkIndex.toFixed(0)}`,
    );
  console.log('\nHTTP (autocannon, 10 connections, medians of interleaved rounds; baseline beside each)');
  console.log(
    table([
      ['entry', 'req/s', 'baseline', 'ratio', 'p50 ms', 'base p50', 'p99 ms', 'base p99', 'errors'],
      ...results.http.map((h) => [
        h.name,
        h.rps.toFixed(0),
        h.baselineRps.toFixed(0),
        h.rpsRatio.toFixed(2),
        h.p50Ms.toFixed(0),
        h.baselineP50Ms.toFixed(0),
        h.p99Ms.toFixed(0),
        h.baselineP99Ms.toFixed(0),
        String(h.errors),
      ]),
    ]),
  );
  console.log(
    `\ncold start to first 200: ${results.coldStartMs.toFixed(0)} ms (median of ${results.coldStartsMs.map((ms) => ms.toFixed(0)).join(', ')}); RSS idle ${results.rssMb.idle.toFixed(0)} MB, peak under load ${results.rssMb.load.toFixed(0)} MB`,
  );
  for (const page of results.pages) {
    if (page.failedAudits.length) console.log(`${page.path} failed audits: ${page.failedAudits.join(', ')}`);
  }
  console.log('\nTargets');
  console.log(
    table([
      ['subject', 'target', 'measured', 'met'],
      ...checks.map((c) => [c.subject, c.target, c.value, c.met ? 'yes' : 'NO']),
    ]),
  );
  const missed = checks.filter((c) => !c.met).length;
  console.log(`\n${checks.length - missed} of ${checks.length} targets met.`);
  for (const failure of results.failures) console.error(`FAILED: ${failure}`);
}

export function writeResults(file: string, results: Results, checks: Check[]) {
  writeFileSync(file, `${JSON.stringify({ ...results, targets: checks }, null, 2)}\n`);
}
