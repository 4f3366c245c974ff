import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser.ts';
import { median } from './stats.ts';

export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /**
   * Lighthouse's measure of this machine's CPU speed. Simulated throttling scales the main thread's
   * observed work, so on a slower machine TBT reads higher for the same page: compare runs by it.
   */
  benchmarkIndex: number;
  /** Accessibility, best-practices and SEO audits that failed in any run: why a score is under 100. */
  failedAudits: string[];
  /** The SEO ones among them: a page kept out of search engines fails is-crawlable by design. */
  failedSeoAudits: string[];
};

export type Lighthouse = {
  measure(url: string, runs: number): Promise<LighthouseFigures>;
  close(): Promise<void>;
};

/**
 * Lighthouse's default (mobile) configuration with simulated throttling, on one headless Chromium
 * started by chrome-launcher, its CPU slowdown `cpuSlowdown` (Lighthouse's own is 4). Each figure is
 * the median of its own over `runs` runs; scores are 0-100.
 */
export async function startLighthouse(cpuSlowdown: number): Promise<Lighthouse> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const once = async (url: string, attempt = 1): Promise<LighthouseFigures> => {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      // A trace lost now and then (NO_NAVSTART) is Lighthouse's own flake: its advice is to run again.
      if (attempt < 3) return once(url, attempt + 1);
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failed = (category: string) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      totalBytes: value('total-byte-weight'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failedAudits: ['accessibility', 'best-practices', 'seo'].flatMap(failed),
      failedSeoAudits: failed('seo'),
    };
  };
  return {
    async measure(url, runs) {
      const results: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) results.push(await once(url));
      const { failedAudits: _, failedSeoAudits: __, ...first } = results[0]!;
      const keys = Object.keys(first) as (keyof typeof first)[];
      return {
        ...(Object.fromEntries(keys.map((key) => [key, median(results.map((r) => r[key]))])) as typeof first),
        failedAudits: [...new Set(results.flatMap((r) => r.failedAudits))],
        failedSeoAudits: [...new Set(results.flatMap((r) => r.failedSeoAudits))],
      };
    },
    close: async () => {
      chrome.kill();
    },
  };
}
