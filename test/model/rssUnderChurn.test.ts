import { describe, expect, it } from 'vitest';
import { rssUnderChurn } from '../../src/model/rssUnderChurn';
import { NO_CHURN, residentWithActiveDefrag } from '../../src/model/fragmentation';
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

describe('RSS under churn with activedefrag', () => {
  const MB = 2 ** 20;

  it('holds a node at the packed layout plus what the thresholds leave, never above the churned one', () => {
    const node = {
      allocatedBytes: 1000 * MB,
      churnedResidentBytes: 1900 * MB,
      packedResidentBytes: 1010 * MB,
      packedWasteBytes: 8 * MB,
    };
    // 10 % of 1000 MB is over the 100 MB ignored: the space grows back to 100 MB before a pass.
    expect(residentWithActiveDefrag(node)).toBe(1010 * MB + 92 * MB);
    // Under the thresholds no pass starts: the churned layout stays.
    expect(residentWithActiveDefrag({ ...node, churnedResidentBytes: 1050 * MB })).toBe(1050 * MB);
    // On a small node the 100 MB ignored is the larger threshold.
    const small = {
      allocatedBytes: 200 * MB,
      churnedResidentBytes: 390 * MB,
      packedResidentBytes: 202 * MB,
      packedWasteBytes: 2 * MB,
    };
    expect(residentWithActiveDefrag(small)).toBe(300 * MB);
  });

  it('takes half-deleted sessions on the bundled jemalloc from a ratio of about 1.9 to about 1.1', () => {
    const without = rssUnderChurn(resolveScenario(sessions), halfDeleted, false);
    const withDefrag = rssUnderChurn(resolveScenario(sessions), halfDeleted, false, true);
    withDefrag.forEach((line, i) => {
      expect(line.activedefrag).toBe('on');
      expect(line.impliedRatio).toBeGreaterThan(1.09);
      expect(line.impliedRatio).toBeLessThan(1.12);
      expect(line.ratioUsed).toBeCloseTo(line.impliedRatio, 6);
      expect(line.rssWithoutDefragPerNodeBytes).toBeGreaterThan(1.7 * line.usedMemoryPerNodeBytes);
      expect(line.rssPerNodeBytes).toBeLessThan(0.6 * without[i]!.rssPerNodeBytes);
      expect(line.deployment.requiredPerNodeBytes).toBeLessThan(0.6 * without[i]!.deployment.requiredPerNodeBytes);
    });
  });

  it("does not count on it where the build refuses it (Debian's jemalloc, glibc malloc), and says so", () => {
    const system = resolveScenario({ ...sessions, allocator: 'jemalloc-system' });
    const without = rssUnderChurn(system, halfDeleted, false);
    const asked = rssUnderChurn(system, halfDeleted, false, true);
    expect(asked.map((l) => l.activedefrag)).toEqual(['unavailable', 'unavailable']);
    expect(asked.map((l) => l.deployment.nodes)).toEqual(without.map((l) => l.deployment.nodes));
    expect(asked.map((l) => l.impliedRatio)).toEqual(without.map((l) => l.impliedRatio));
    const libc = rssUnderChurn(resolveScenario({ ...sessions, allocator: 'libc' }), halfDeleted, false, true);
    expect(libc.map((l) => l.activedefrag)).toEqual(['unavailable', 'unavailable']);
    expect(rssUnderChurn(resolveScenario(sessions), halfDeleted, false).map((l) => l.activedefrag)).toEqual(['off', 'off']);
  });
});
