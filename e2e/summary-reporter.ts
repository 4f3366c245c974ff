import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends the run with the plain "N passed, N failed" line that CI reads, after the list reporter's output. */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private started = false;

  onTestBegin() {
    this.started = true;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    // Count each test once, by its final attempt.
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'passed') this.passed++;
    else if (result.status === 'skipped') this.skipped++;
    else this.failed++;
  }

  onEnd(result: FullResult) {
    // `--list` runs nothing and has nothing to count.
    if (!this.started && result.status === 'passed') return;
    // A run that broke outside any test (the server would not start) says so instead of a bare "0 failed".
    if (result.status !== 'passed') process.stdout.write(`\ne2e run ${result.status}\n`);
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    process.stdout.write(`\ne2e: ${this.passed} passed, ${this.failed} failed${skipped}\n`);
  }

  printsToStdio() {
    return false;
  }
}
