import { describe, expect, it } from 'vitest';
import { rssUnderChurn } from '../../src/model/rssUnderChurn';
import { NO_CHURN } from '../../src/model/fragmentation';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario } from '../../src/scenario/schema';

const sessions: Scenario = {
  schema: 1,
  workloads: [{ name: 'sessions', keys: 40_000_000, keyBytes: 16, type: 'string', valueBytes: 100, ttlFraction: 0 }],
  versions: ['7.2', '9.1'],
};
const halfDeleted = new Map([[0, { ...NO_CHURN, deletedShare: 0.5 }]]);

describe('RSS under churn, per node', () => {
  it('is about twice used_memory once half the keys are deleted at random: their slabs stay', () => {
    for (const line of rssUnderChurn(resolveScenario(sessions), halfDeleted, false)) {
      expect(line.notModelled).toBeNull();
      expect(line.impliedRatio).toBeGreaterThan(1.8);
      expect(line.impliedRatio).toBeLessThan(2.1);
      expect(line.ratioSource).toBe('modelled');
      expect(line.deployment.rssPerNodeBytes).toBeCloseTo(line.rssPerNodeBytes, -3);
    }
  });

  it('is within a few percent of used_memory without churn', () => {
    for (const line of rssUnderChurn(resolveScenario(sessions), new Map(), false)) {
      expect(line.impliedRatio).toBeGreaterThan(1);
      expect(line.impliedRatio).toBeLessThan(1.05);
    }
  });

  it('sizes the nodes with a typed ratio, named as typed, over the modelled one', () => {
    const typed = resolveScenario({ ...sessions, deployment: { fragmentationRatio: 1.5 } });
    for (const line of rssUnderChurn(typed, halfDeleted, true)) {
      expect(line.ratioSource).toBe('typed');
      expect(line.ratioUsed).toBe(1.5);
      expect(line.deployment.rssPerNodeBytes / line.deployment.usedMemoryPerNodeBytes).toBeCloseTo(1.5, 6);
      expect(line.impliedRatio).toBeGreaterThan(1.8);
    }
  });

  it('names the size classes that leave the most empty space, most first', () => {
    const [line] = rssUnderChurn(resolveScenario({ ...sessions, versions: ['9.1'] }), halfDeleted, false);
    const empty = line!.emptiestClasses.map((c) => c.emptyBytes);
    expect(empty.length).toBeGreaterThan(0);
    expect([...empty].sort((a, b) => b - a)).toEqual(empty);
  });

  it('advises the fresh layout when it needs fewer nodes', () => {
    const big = resolveScenario({
      ...sessions,
      workloads: [{ ...sessions.workloads[0]!, keys: 300_000_000 }],
      versions: ['9.1'],
    });
    const [line] = rssUnderChurn(big, halfDeleted, false);
    expect(line!.nodesWhenFresh).toBeLessThan(line!.deployment.nodes);
    expect(line!.activedefragAvailable).toBe(true);
  });

  it('is not modelled for collections or glibc malloc: the ratio sizes those', () => {
    const hashes = resolveScenario({
      ...sessions,
      workloads: [
        { name: 'h', keys: 1000, keyBytes: 16, type: 'hash', valueBytes: 10, fields: 10, fieldBytes: 8, ttlFraction: 0 },
      ],
    });
    expect(rssUnderChurn(hashes, new Map(), false).map((l) => l.notModelled)).toEqual(['collections', 'collections']);
    const libc = resolveScenario({ ...sessions, allocator: 'libc' });
    expect(rssUnderChurn(libc, halfDeleted, false).map((l) => l.notModelled)).toEqual(['allocator', 'allocator']);
  });
});
