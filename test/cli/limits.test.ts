import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { limitCases } from '../support/limitScenarios';

/**
 * Every workload field at its limits (test/support/limitScenarios.ts), through the command and
 * through the model as the page uses it, in a process of its own: the model's work is bounded by
 * design (a distribution is priced on at most MAX_BINS bins, a family on at most MAX_MIX_KEYS key
 * shapes, a large table's rehash on a fixed number of points), so each scenario answers within
 * 1 s of processor time (what the work takes, whatever else the machine runs) and the whole run
 * stays within 300 MB. Its JavaScript heap is capped at 192 MB, so that
 * garbage the collector has not yet had reason to free does not count as work that needs memory:
 * a scenario that needed more would fail the run.
 */
const SECONDS_PER_SCENARIO = 1;
/** The value-size chart prices the workload at 257 sizes: it is drawn when shown, and bounded apart. */
const SECONDS_PER_SWEEP = 5;
const PEAK_MEGABYTES = 300;

interface LimitResult {
  name: string;
  code: number;
  stderr: string;
  commandMs: number;
  pageMs: number;
  sweepMs: number;
}

describe('every field at its limits', () => {
  it('the command and the page answer every limit scenario within the stated bounds', { timeout: 900_000 }, () => {
    const child = spawnSync(process.execPath, ['--max-old-space-size=192', '--import', 'tsx', 'test/support/limitsRun.ts'], {
      encoding: 'utf8',
      timeout: 880_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(child.status, child.stderr).toBe(0);
    const { results, peakMegabytes } = JSON.parse(child.stdout) as { results: LimitResult[]; peakMegabytes: number };
    expect(results.map((r) => r.name)).toEqual(limitCases().map((c) => c.name));
    const most = (key: 'commandMs' | 'pageMs' | 'sweepMs') => Math.round(Math.max(...results.map((r) => r[key])));
    console.log(
      `${results.length} scenarios: at most ${most('commandMs')} ms (command), ${most('pageMs')} ms (page), ${most('sweepMs')} ms (chart) of processor time; peak ${Math.round(peakMegabytes)} MB`,
    );
    const failed = results.filter((r) => r.code !== 0).map((r) => `${r.name}: ${r.stderr}`);
    expect(failed).toEqual([]);
    const slow = results
      .filter(
        (r) =>
          r.commandMs > SECONDS_PER_SCENARIO * 1000 ||
          r.pageMs > SECONDS_PER_SCENARIO * 1000 ||
          r.sweepMs > SECONDS_PER_SWEEP * 1000,
      )
      .map(
        (r) =>
          `${r.name}: command ${Math.round(r.commandMs)} ms, page ${Math.round(r.pageMs)} ms, chart ${Math.round(r.sweepMs)} ms`,
      );
    expect(slow).toEqual([]);
    expect(peakMegabytes).toBeLessThan(PEAK_MEGABYTES);
  });
});
