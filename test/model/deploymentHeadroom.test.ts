import { describe, expect, it } from 'vitest';
import { estimateDeployment } from '../../src/model';
import { GIB } from '../../src/model/units';
import { DEFAULT_DEPLOYMENT } from '../../src/scenario/resolve';

const DATASET = 4 * GIB;
const plan = (headroomPercent: number, reservedPercent: number) =>
  estimateDeployment(DATASET, {
    ...DEFAULT_DEPLOYMENT,
    processBaselineBytes: 0,
    fragmentationRatio: 1,
    headroomPercent,
    reservedPercent,
  });

describe('headroom: fork copy-on-write and a provider reserve, never both', () => {
  it('without a reserve, a node needs RSS plus the copy-on-write room', () => {
    const d = plan(25, 0);
    expect(d.copyOnWritePerNodeBytes).toBe(1 * GIB);
    expect(d.reservePerNodeBytes).toBe(0);
    expect(d.requiredPerNodeBytes).toBe(5 * GIB);
    expect(d.headroomFrom).toBe('copy-on-write');
  });

  it("ElastiCache's 25 % reserve holds the 25 % copy-on-write: the node needs RSS / 0.75, not RSS x 1.25 / 0.75", () => {
    const d = plan(25, 25);
    expect(d.reservePerNodeBytes).toBeCloseTo((4 * GIB) / 3, 0);
    expect(d.requiredPerNodeBytes).toBeCloseTo((4 * GIB) / 0.75, 0);
    expect(d.headroomFrom).toBe('reserve');
    // The reserve is a quarter of what the node needs.
    expect(d.reservePerNodeBytes / d.requiredPerNodeBytes).toBeCloseTo(0.25, 12);
  });

  it('a copy-on-write room larger than the reserve sets the headroom; the reserve lies within it', () => {
    const d = plan(50, 10);
    expect(d.requiredPerNodeBytes).toBe(6 * GIB);
    expect(d.headroomFrom).toBe('copy-on-write');
  });

  it('the default deployment keeps its figures: 25 % copy-on-write, no reserve', () => {
    expect(DEFAULT_DEPLOYMENT.reservedPercent).toBe(0);
    const d = estimateDeployment(DATASET, DEFAULT_DEPLOYMENT);
    expect(d.requiredPerNodeBytes).toBeCloseTo(d.rssPerNodeBytes * 1.25, 3);
  });
});
