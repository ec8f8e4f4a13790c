import { describe, expect, it } from 'vitest';
import { memoryFromStats, sumMemory, type ServerMemory } from '../../src/info/memory';
import { reconcile } from '../../src/info/reconcile';

const memory: ServerMemory = {
  usedMemory: 100_000_000,
  startup: 1_000_000,
  clients: 500_000,
  replicationBacklog: 1_048_576,
  aofBuffer: 0,
  scripts: 200,
  clusterLinks: 0,
  reportedDataset: 96_000_000,
  reportedOverhead: 4_000_000,
  fragmentationRatio: 1.2,
  source: 'MEMORY STATS',
};

describe('reconciling the model with used_memory', () => {
  it('takes the parts the server breaks out off used_memory, and shows the remainder in bytes and %', () => {
    const r = reconcile(memory, 96_000_000);
    expect(r.keysBytes).toBe(100_000_000 - 1_000_000 - 500_000 - 1_048_576 - 200);
    expect(r.aboveStartupBytes).toBe(99_000_000);
    expect(r.unexplainedBytes).toBe(r.keysBytes - 96_000_000);
    expect(r.unexplainedPercent).toBeCloseTo((r.unexplainedBytes / r.keysBytes) * 100, 9);
    expect(r.warning).toBeNull();
    // the server's own split, beside it: its overhead holds the key tables the model counts with the keys
    expect(r.serverSplit).toMatch(
      /96,000,000 bytes of dataset and 4,000,000 of overhead; its overhead holds the key tables \(1,451,224 bytes here\)/,
    );
  });

  it('over 10 % unexplained: a plain warning naming the likely causes', () => {
    const short = reconcile(memory, 50_000_000, { leftOut: ['events:{n} (a type the model does not cover)'] });
    expect(short.warning).toMatch(/explains only 51\.\d % of the memory left for the keys/);
    expect(short.warning).toMatch(/large keys a sample of ordinary keys misses/);
    expect(short.warning).toMatch(/types the model does not cover \(events:\{n\}/);
    expect(short.warning).toMatch(/buffers/);
    expect(short.warning).toMatch(/Fragmentation is not part of it.*1\.20/);
    const over = reconcile(memory, 150_000_000);
    expect(over.warning).toMatch(/exceeds the memory left for the keys by 53\.\d %/);
  });

  it('reads MEMORY STATS and adds a cluster up', () => {
    const m = memoryFromStats(
      [
        'peak.allocated',
        5,
        'total.allocated',
        2000,
        'startup.allocated',
        900,
        'clients.normal',
        20,
        'clients.slaves',
        5,
        'lua.caches',
        1,
        'functions.caches',
        2,
        'db.0',
        ['overhead.hashtable.main', 7],
      ],
      1.5,
    )!;
    expect(m).toMatchObject({ usedMemory: 2000, startup: 900, clients: 25, scripts: 3, fragmentationRatio: 1.5 });
    const sum = sumMemory([m, { ...m, usedMemory: 6000, fragmentationRatio: 1.1 }]);
    expect(sum).toMatchObject({ usedMemory: 8000, startup: 1800, clients: 50 });
    expect(sum.fragmentationRatio).toBeCloseTo((1.5 * 2000 + 1.1 * 6000) / 8000, 9);
  });
});
