import { describe, expect, it } from 'vitest';
import { allocationSize } from '../../src/model';

describe('allocator size classes', () => {
  it('bundled jemalloc (8-byte quantum) has 24-, 40- and 56-byte classes', () => {
    expect([1, 8, 9, 17, 24, 25, 37, 41, 55, 57, 64].map((b) => allocationSize(b, 'jemalloc-bundled'))).toEqual([
      8, 8, 16, 24, 24, 32, 40, 48, 56, 64, 64,
    ]);
  });

  it('system jemalloc (16-byte quantum) rounds small requests to 16, 32, 48, 64', () => {
    expect([1, 8, 9, 17, 24, 25, 37, 41, 55, 57, 64].map((b) => allocationSize(b, 'jemalloc-system'))).toEqual([
      8, 8, 16, 32, 32, 32, 48, 48, 64, 64, 64,
    ]);
  });

  it('both jemalloc builds share four classes per doubling above 64', () => {
    const expected = [80, 80, 96, 112, 128, 160, 192, 224, 256, 320, 640, 1280, 20480, 8 * 1024 * 1024];
    for (const allocator of ['jemalloc-bundled', 'jemalloc-system'] as const) {
      expect(
        [65, 80, 81, 100, 128, 129, 161, 200, 256, 257, 600, 1100, 17000, 8 * 1024 * 1024].map((b) =>
          allocationSize(b, allocator),
        ),
      ).toEqual(expected);
    }
  });

  it('glibc usable sizes: 24 minimum, then 16-byte chunks less the 8-byte header; pages for large requests', () => {
    expect([1, 24, 25, 40, 41, 100].map((b) => allocationSize(b, 'libc'))).toEqual([24, 24, 40, 40, 56, 104]);
    expect(allocationSize(8 * 1024 * 1024, 'libc')).toBe(8 * 1024 * 1024 + 4096 - 16);
  });

  it('never rounds down', () => {
    for (const allocator of ['jemalloc-bundled', 'jemalloc-system', 'libc'] as const) {
      for (let b = 1; b < 70_000; b += 7) expect(allocationSize(b, allocator)).toBeGreaterThanOrEqual(b);
    }
  });
});
