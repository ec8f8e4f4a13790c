import { describe, expect, it } from 'vitest';
import { figuresFor } from '../../src/rdb/analyze';
import { DEFAULT_SIZING, SIZING_VARIANTS } from '../../src/rdb/sizing';
import { analyze, FIXTURES } from './fixtures';
import { fakeScope, streamableFile } from './workerHarness';

describe('reading a file in the worker', () => {
  const f = FIXTURES[0]!;

  it('streams the file, reports progress and answers with the analysis', async () => {
    const { file } = streamableFile(f.bytes, 'dump.rdb');
    const { replies, finished, send } = fakeScope();
    send({ type: 'read', file });
    const done = await finished;
    if (done.type !== 'done') throw new Error(JSON.stringify(done));
    expect(done.cancelled).toBe(false);
    expect(done.analysis).toEqual(analyze(f.bytes, 8192, { fileSize: f.bytes.length, name: 'dump.rdb' }));
    const progress = replies.filter((r) => r.type === 'progress');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toMatchObject({
      progress: { bytesRead: f.bytes.length, totalBytes: f.bytes.length, secondsLeft: 0 },
    });
  });

  it('prices every allocator and cluster mode when the page asks (everyVariant), as a read with each would', async () => {
    const { file } = streamableFile(f.bytes, 'dump.rdb');
    const { finished, send } = fakeScope();
    send({ type: 'read', file, everyVariant: true });
    const done = await finished;
    if (done.type !== 'done') throw new Error(JSON.stringify(done));
    expect(done.analysis.variants.map((v) => [v.allocator, v.cluster])).toEqual(
      SIZING_VARIANTS.map((v) => [v.allocator, v.cluster]),
    );
    const libcCluster = analyze(f.bytes, 8192, { sizing: { ...DEFAULT_SIZING, allocator: 'libc', cluster: true } });
    expect(figuresFor(done.analysis, { allocator: 'libc', cluster: true })!.lines).toEqual(libcCluster.lines);
  });

  it('sees a cancel sent while the read runs, though the stream never leaves the microtask queue', async () => {
    const { file, pulled } = streamableFile(f.bytes, 'dump.rdb', 1024);
    const { finished, send } = fakeScope();
    send({ type: 'read', file });
    // a task: it runs only when the read pauses for the worker's events
    setTimeout(() => send({ type: 'cancel' }), 0);
    const done = await finished;
    if (done.type !== 'done') throw new Error(JSON.stringify(done));
    expect(done.cancelled).toBe(true);
    expect(done.analysis.status).toBe('partial');
    expect(done.analysis.bytesRead).toBeLessThan(f.bytes.length);
    expect(pulled.cancelled).toBe(true);
  });

  it('stops on cancel, cancels the stream and marks the result partial', async () => {
    const { file, pulled } = streamableFile(f.bytes, 'dump.rdb', 1024);
    const { finished, send } = fakeScope();
    send({ type: 'read', file });
    send({ type: 'cancel' });
    const done = await finished;
    if (done.type !== 'done') throw new Error(JSON.stringify(done));
    expect(done.cancelled).toBe(true);
    expect(done.analysis.status).toBe('partial');
    expect(pulled.cancelled).toBe(true);
    expect(pulled.chunks).toBeLessThan(f.bytes.length / 1024);
  });
});
