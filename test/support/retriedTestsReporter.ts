/**
 * A vitest reporter that names every test which failed and then passed on a retry (only the
 * browser tests retry, see vite.config.ts), with its first failure. A retry keeps a run on a busy
 * shared machine from failing on a timing it cannot control; this keeps the flake in sight, in
 * every log, rather than hidden by the pass.
 */
import type { Reporter, TestCase } from 'vitest/node';

/** The line's start, which scripts/test-suites.sh repeats at the end of the run's output. */
export const RETRIED_MARK = 'passed on a retry:';

export interface RetriedTest {
  name: string;
  retries: number;
  firstFailure: string;
}

export default class RetriedTestsReporter implements Reporter {
  readonly retried: RetriedTest[] = [];

  private readonly print: (line: string) => void;

  /** vitest passes the reporter's options from the config (none here); a test passes `print`. */
  constructor(options: { print?: (line: string) => void } = {}) {
    this.print = options.print ?? ((line) => process.stdout.write(line + '\n'));
  }

  onTestCaseResult(test: TestCase): void {
    const retries = test.diagnostic()?.retryCount ?? 0;
    const result = test.result();
    if (retries === 0 || result.state !== 'passed') return;
    const firstFailure = result.errors?.[0]?.message?.split('\n')[0] ?? 'no message';
    this.retried.push({
      name: `${test.module.moduleId.replace(/^.*?\/test\//, 'test/')} > ${test.fullName}`,
      retries,
      firstFailure,
    });
  }

  onTestRunEnd(): void {
    for (const t of this.retried)
      this.print(`${RETRIED_MARK} ${t.name} (after ${t.retries} failed ${t.retries === 1 ? 'try' : 'tries'}: ${t.firstFailure})`);
  }
}
