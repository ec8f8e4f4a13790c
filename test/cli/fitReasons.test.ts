import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';

const scenario = (keys: number) =>
  JSON.stringify({ schema: 1, workloads: [{ name: 'w', type: 'string', keys, keyBytes: 16, valueBytes: 16, ttlFraction: 0 }] });

describe('estimate --fit says why, never only the usage', () => {
  it.each([
    ['-1GB', /^--fit "-1GB": a node size cannot be negative/],
    ['1e400', /^--fit "1e400": write the size without an exponent/],
    ['--fit=-1GB', /^--fit "-1GB": a node size cannot be negative/],
  ])('--fit %s', (size, reason) => {
    const args = size.startsWith('--') ? [size, 'plan.json'] : ['--fit', size, 'plan.json'];
    const out = runEstimate(args, () => scenario(1000));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(reason);
    expect(out.stderr).not.toMatch(/^unknown option|^one FILE at a time/);
  });

  it('with 0 keys, the mix has nothing to scale: it does not say the workloads do not fit beside room for gigabytes', () => {
    const out = runEstimate(['--format', 'table', '--fit', 'plan.json'], () => scenario(0));
    expect(out.code).toBe(0);
    expect(out.stdout).not.toContain('do not fit');
    expect(out.stdout).toMatch(
      /9\.1: no keys today: the mix has nothing to scale \(each workload alone below\)\n {4}w: up to [\d,]+ keys \(today 0\)/,
    );
  });
});
