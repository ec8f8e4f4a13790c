import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classResidency } from '../../src/model/fragmentation';
import { slabGeometry } from '../../src/model/slabs';
import { FIXED_RATIO, LIMIT_PERCENT, modelled, PATTERNS, type ChurnFixture, churnFixture } from '../validate/churn';
import { VALIDATION_SERVERS } from '../validate/servers';

describe('jemalloc slabs', () => {
  // regs and pgs as MEMORY MALLOC-STATS printed them on Valkey 9.1.2 (bundled) and Debian's jemalloc.
  it.each([
    [40, 512, 5],
    [48, 256, 3],
    [56, 512, 7],
    [80, 256, 5],
    [448, 64, 7],
    [1024, 4, 1],
    [6144, 2, 3],
    [12288, 1, 3],
    [14336, 2, 7],
  ])('class %i: %i regions in %i pages', (classBytes, regions, pages) => {
    const slab = slabGeometry(classBytes)!;
    expect(slab.regionsPerSlab).toBe(regions);
    expect(slab.slabBytes).toBe(pages * 4096);
  });

  it('has no slab for a large class: its pages are its own', () => {
    expect(slabGeometry(16384)).toBeNull();
  });
});

describe('a class after churn', () => {
  it('keeps its slabs when half its regions are deleted at random', () => {
    const c = classResidency(56, { loaded: 51_200, freed: 25_600, added: 0 });
    expect(c.slabs).toBe(100);
    expect(c.emptyBytes / c.residentBytes).toBeCloseTo(0.5, 2);
  });

  it('returns slabs only when every region is free: one region in a slab of two keeps it', () => {
    // 14,336-byte regions, two per slab: 290 survivors and 20 regions in the thread cache (its
    // least) hold 500 x (1 - 0.69^2) = 261.95 slabs, where packed they would need 145.
    const c = classResidency(14336, { loaded: 1000, freed: 710, added: 0 });
    expect(c.slabs).toBe(262);
  });

  it('fills holes before it opens a slab: as many new regions as deleted ones need no new slab', () => {
    const c = classResidency(40, { loaded: 51_200, freed: 25_600, added: 25_600 });
    expect(c.slabs).toBe(100);
    expect(c.emptyBytes).toBe(0);
  });

  it('keeps the slabs of the regions the thread cache holds when the churn empties a class', () => {
    const c = classResidency(56, { loaded: 51_200, freed: 51_200, added: 0 });
    // 200 cached regions over 100 slabs of 512: 1 - (1 - 200/51200)^512 of them, 86.5 %.
    expect(c.slabs).toBe(87);
    expect(c.liveRegions).toBe(0);
  });
});

describe('churn on real servers (test/validate/churn.ts, recorded)', () => {
  const recorded = VALIDATION_SERVERS.filter((s) => existsSync(churnFixture(s.id)));

  it('has readings of Valkey 9.1.2 on both allocators and of Redis 7.0', () => {
    expect(recorded.map((s) => s.id).sort()).toEqual(['redis-7.0', 'valkey-9.1.2-bundled', 'valkey-9.1.2-system']);
  });

  for (const server of recorded) {
    const fixture = JSON.parse(readFileSync(churnFixture(server.id), 'utf8')) as ChurnFixture;
    for (const { pattern, growth } of fixture.cases) {
      const churn = PATTERNS.find((p) => p.id === pattern)!.churn;
      it(`${server.id} ${pattern}: modelled RSS within ${LIMIT_PERCENT} % of allocator_resident's growth`, () => {
        const model = modelled(server, fixture.keys, churn);
        const error = (model.resident / growth.allocatorResident - 1) * 100;
        expect(Math.abs(error)).toBeLessThanOrEqual(LIMIT_PERCENT);
      });
    }
    it(`${server.id}: the fixed ratio ${FIXED_RATIO} misses half the keys deleted by more than a third`, () => {
      const growth = fixture.cases.find((c) => c.pattern === 'delete-half')!.growth;
      const model = modelled(server, fixture.keys, PATTERNS.find((p) => p.id === 'delete-half')!.churn);
      expect((FIXED_RATIO * model.used) / growth.allocatorResident - 1).toBeLessThan(-1 / 3);
    });
  }
});
