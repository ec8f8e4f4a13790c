import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_OPTIONS } from '../../src/rdb/analyze';
import { analyzeRdbChunks, progressOf, type RdbProgress } from '../../src/rdb/stream';
import { analyze, FIXTURES } from './fixtures';

async function* chunksOf(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

/** A clock that advances 10 ms each time it is read. */
function steppingClock() {
  let t = 0;
  return () => (t += 10);
}

describe('reading a stream of chunks', () => {
  const f = FIXTURES[0]!;
  const options = { ...DEFAULT_ANALYSIS_OPTIONS, fileSize: f.bytes.length };

  it('gives the same analysis as pushing the chunks by hand, and reports progress up to the whole file', async () => {
    const progress: RdbProgress[] = [];
    const { analysis, cancelled } = await analyzeRdbChunks(chunksOf(f.bytes, 16_384), options, {
      now: steppingClock(),
      progressEveryMs: 0,
      onProgress: (p) => progress.push(p),
    });
    expect(cancelled).toBe(false);
    expect(analysis).toEqual(analyze(f.bytes, 16_384, options));
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toMatchObject({ bytesRead: f.bytes.length, totalBytes: f.bytes.length, secondsLeft: 0 });
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.bytesRead).toBeGreaterThanOrEqual(progress[i - 1]!.bytesRead);
  });

  it('stops when cancelled and marks what it read partial', async () => {
    let chunks = 0;
    const { analysis, cancelled } = await analyzeRdbChunks(chunksOf(f.bytes, 16_384), options, {
      now: steppingClock(),
      cancelled: () => ++chunks >= 3,
    });
    expect(cancelled).toBe(true);
    expect(analysis.status).toBe('partial');
    expect(analysis.bytesRead).toBe(3 * 16_384);
    expect(analysis.error?.message).toMatch(/^cancelled after 49152 bytes/);
    expect(analysis.keys.total).toBeGreaterThan(0);
  });

  it('works out the rate and the time left', () => {
    expect(progressOf(50e6, 200e6, 1000)).toEqual({ bytesRead: 50e6, totalBytes: 200e6, bytesPerSecond: 50e6, secondsLeft: 3 });
    expect(progressOf(0, null, 0)).toEqual({ bytesRead: 0, totalBytes: null, bytesPerSecond: 0, secondsLeft: null });
  });
});
