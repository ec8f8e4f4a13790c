import { describe, expect, it } from 'vitest';
import { bundledJemalloc, decideBuild, parseMallocStats } from '../../src/info/build';

const BUNDLED =
  '___ Begin jemalloc statistics ___\nVersion: "5.3.0-0-g0"\nBuild-time option settings\nQuantum size: 8\nPage size: 4096\n';
const DEBIAN = 'Version: "5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c"\nQuantum size: 16\n';

describe('which allocator build a server runs', () => {
  it('reads the version and quantum out of MEMORY MALLOC-STATS', () => {
    expect(parseMallocStats(BUNDLED)).toEqual({ jemallocVersion: '5.3.0-0-g0', quantum: 8 });
    expect(parseMallocStats(DEBIAN)).toEqual({
      jemallocVersion: '5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c',
      quantum: 16,
    });
    expect(parseMallocStats('used_memory:100')).toBeNull();
  });

  it('the quantum decides, whatever INFO says', () => {
    const base = { product: 'valkey' as const, version: '8.1.1', memAllocator: 'jemalloc-5.3.0' };
    expect(decideBuild({ ...base, mallocStats: parseMallocStats(BUNDLED) })).toMatchObject({
      allocator: 'jemalloc-bundled',
      source: 'malloc-stats',
    });
    expect(decideBuild({ ...base, mallocStats: parseMallocStats(DEBIAN) })).toMatchObject({
      allocator: 'jemalloc-system',
      source: 'malloc-stats',
    });
    // without a quantum line, the version string: bundled copies say -0-g0
    expect(decideBuild({ ...base, mallocStats: { jemallocVersion: '5.3.0-0-g0', quantum: null } }).allocator).toBe(
      'jemalloc-bundled',
    );
    expect(decideBuild({ ...base, mallocStats: { jemallocVersion: '5.3.0-0-g54eaed1d', quantum: null } }).allocator).toBe(
      'jemalloc-system',
    );
  });

  it('mem_allocator against the release the server bundles', () => {
    expect(bundledJemalloc('redis', '7.0.15')).toBe('5.2.1');
    expect(bundledJemalloc('redis', '7.2.4')).toBe('5.3.0');
    const redis70 = decideBuild({ product: 'redis', version: '7.0.15', memAllocator: 'jemalloc-5.3.0', mallocStats: null });
    expect(redis70).toMatchObject({ allocator: 'jemalloc-system', source: 'mem_allocator', advice: null });
    const same = decideBuild({ product: 'valkey', version: '8.1.1', memAllocator: 'jemalloc-5.3.0', mallocStats: null });
    expect(same).toMatchObject({ allocator: 'jemalloc-bundled', source: 'assumed' });
    expect(same.advice).toMatch(/MEMORY MALLOC-STATS/);
    expect(decideBuild({ product: 'valkey', version: '8.1.1', memAllocator: 'libc', mallocStats: null }).allocator).toBe('libc');
    expect(decideBuild({ product: 'valkey', version: '8.1.1', memAllocator: undefined, mallocStats: null }).advice).toMatch(
      /paste INFO memory/,
    );
  });

  it('without a version line it says the release is unknown, not "the release unknown bundles"', () => {
    const unknown = decideBuild({ product: 'unknown', version: null, memAllocator: 'jemalloc-5.3.0', mallocStats: null });
    expect(unknown).toMatchObject({ allocator: 'jemalloc-bundled', source: 'assumed' });
    expect(unknown.reason).toBe(
      'mem_allocator is jemalloc-5.3.0, and which jemalloc this release bundles is not known (no version line, or a release not on record): assumed bundled (8-byte quantum).',
    );
    expect(unknown.reason).not.toMatch(/the release unknown/);
  });

  it('an override wins and says so', () => {
    expect(
      decideBuild({
        product: 'redis',
        version: '7.0.15',
        memAllocator: 'jemalloc-5.3.0',
        mallocStats: parseMallocStats(DEBIAN),
        override: 'jemalloc-bundled',
      }),
    ).toMatchObject({ allocator: 'jemalloc-bundled', source: 'override', reason: 'set by hand to jemalloc-bundled.' });
  });
});
