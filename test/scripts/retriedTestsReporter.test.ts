import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import RetriedTestsReporter, { RETRIED_MARK } from '../support/retriedTestsReporter';

function testCase(name: string, retryCount: number, state: 'passed' | 'failed', errors: string[] = []): TestCase {
  return {
    fullName: name,
    module: { moduleId: '/somewhere/repo/test/e2e/links.e2e.ts' },
    diagnostic: () => ({ retryCount }),
    result: () => ({ state, errors: errors.map((message) => ({ message })) }),
  } as unknown as TestCase;
}

describe('the reporter of retried tests', () => {
  it('names a test that passed on a retry, with its first failure, once the run ends', () => {
    const lines: string[] = [];
    const reporter = new RetriedTestsReporter({ print: (line) => lines.push(line) });
    reporter.onTestCaseResult(testCase('links > a tampered link', 1, 'passed', ['Timeout 1000ms exceeded\nat line 3']));
    reporter.onTestCaseResult(testCase('links > opens', 0, 'passed'));
    reporter.onTestCaseResult(testCase('links > fails twice', 1, 'failed', ['no']));
    expect(lines).toEqual([]);
    reporter.onTestRunEnd();
    expect(lines).toEqual([
      `${RETRIED_MARK} test/e2e/links.e2e.ts > links > a tampered link (after 1 failed try: Timeout 1000ms exceeded)`,
    ]);
  });

  it('prints nothing when no test needed a retry', () => {
    const lines: string[] = [];
    const reporter = new RetriedTestsReporter({ print: (line) => lines.push(line) });
    reporter.onTestCaseResult(testCase('a', 0, 'passed'));
    reporter.onTestRunEnd();
    expect(lines).toEqual([]);
  });
});
