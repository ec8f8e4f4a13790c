import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeInfo } from '../../src/info/analyze';
import { parseInfo } from '../../src/info/parse';
import { scenarioSchema } from '../../src/scenario/schema';
import { infoFixture } from '../support/infoFixture';

const STATES = ['empty', 'strings', 'strings-ttl', 'hashes'];

describe('parseInfo on real redis-cli INFO everything outputs', () => {
  it.each(STATES)('%s: version, mode, memory, allocator, role', (state) => {
    const result = parseInfo(infoFixture(state));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const f = result.info.fields;
    expect(f.redis_version).toBe('7.0.15');
    expect(f.redis_mode).toBe('standalone');
    expect(f.mem_allocator).toBe('jemalloc-5.3.0');
    expect(f.role).toBe('master');
    expect(f.used_memory).toBeGreaterThan(f.used_memory_startup!);
    expect(f.maxmemory).toBe(0);
    expect(f.maxmemory_policy).toBe('noeviction');
    expect(f.executable).toBe('/usr/bin/redis-server');
    expect(result.info.ignored).toEqual([]);
  });

  it('reads the keyspace lines of every db', () => {
    const parsed = (name: string) => {
      const r = parseInfo(infoFixture(name));
      return r.ok ? r.info.keyspace : null;
    };
    expect(parsed('empty')).toEqual([]);
    expect(parsed('strings')).toEqual([{ db: 0, keys: 50_000, expires: 0, avgTtlMs: 0 }]);
    expect(parsed('strings-ttl')![0]).toMatchObject({ db: 0, keys: 40_000, expires: 20_000 });
    expect(parsed('strings-ttl')![0]!.avgTtlMs).toBeGreaterThan(90_000_000);
    expect(parsed('hashes')).toEqual([
      { db: 0, keys: 20_000, expires: 0, avgTtlMs: 0 },
      { db: 1, keys: 1000, expires: 0, avgTtlMs: 0 },
    ]);
  });

  it('reads CRLF output, output without section headers, and a single section', () => {
    const text = infoFixture('strings');
    const lf = parseInfo(text);
    const crlf = parseInfo(text.replace(/\n/g, '\r\n'));
    const bare = parseInfo(
      text
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n'),
    );
    expect(crlf).toEqual(lf);
    expect(bare).toEqual(lf);
    const memoryOnly = parseInfo('# Memory\r\nused_memory:123456\r\nmem_allocator:libc\r\n');
    expect(memoryOnly.ok && memoryOnly.info.fields).toEqual({ used_memory: 123456, mem_allocator: 'libc' });
  });

  it('reads a Valkey server', () => {
    const r = parseInfo(
      '# Server\nredis_version:7.2.4\nserver_name:valkey\nvalkey_version:9.1.1\nserver_mode:cluster\n# Keyspace\ndb0:keys=5,expires=1,avg_ttl=10\n',
    );
    expect(r.ok && r.info.fields).toMatchObject({ server_name: 'valkey', valkey_version: '9.1.1', server_mode: 'cluster' });
  });

  it('names fields it could not read, and says when nothing is usable', () => {
    const r = parseInfo('maxmemory:lots\nmem_fragmentation_ratio:-3\nused_memory_rss:1000\n');
    expect(r.ok && r.info.ignored).toEqual(['maxmemory ("lots")', 'mem_fragmentation_ratio ("-3")']);
    const none = parseInfo('hello world\nthis is not INFO');
    expect(none).toEqual({ ok: false, error: expect.stringMatching(/No INFO fields found/) });
    expect(parseInfo('   ').ok).toBe(false);
  });

  const error = (text: string) => {
    const r = parseInfo(text);
    return r.ok ? null : r.error;
  };

  it('used_memory empty, in hex, with an exponent or a sign: a message, never a coerced number', () => {
    const memory = infoFixture('strings');
    expect(error(memory.replace(/^used_memory:\d+/m, 'used_memory:'))).toMatch(/used_memory is empty/);
    expect(error(memory.replace(/^used_memory:\d+/m, 'used_memory:0x1A2B'))).toMatch(/used_memory is "0x1A2B": .*plain decimal/);
    expect(error(memory.replace(/^used_memory_startup:\d+/m, 'used_memory_startup:1e400'))).toMatch(
      /used_memory_startup is "1e400"/,
    );
    expect(error('used_memory:-5')).toMatch(/used_memory is "-5"/);
  });

  it('a section, a field or a db line given twice is refused: two pastes mixed give figures of neither', () => {
    const text = infoFixture('strings');
    const memory = /# Memory[\s\S]*?(?=\n# )/.exec(text)![0];
    expect(error(`${text}\n${memory}`)).toMatch(/"# Memory" section appears twice/);
    expect(error('used_memory:100\nused_memory:200')).toMatch(/used_memory appears twice/);
    expect(error('db0:keys=1,expires=0,avg_ttl=0\ndb0:keys=2,expires=0,avg_ttl=0')).toMatch(/db0 appears twice/);
  });

  it('key counts past any real server, or more TTLs than keys, are refused', () => {
    expect(error('db0:keys=99999999999999999999,expires=0,avg_ttl=0')).toMatch(/db0 claims 99999999999999999999 keys/);
    expect(error('db0:keys=10,expires=11,avg_ttl=0')).toMatch(/more keys with a TTL \(11\) than keys \(10\)/);
  });

  it('MEMORY MALLOC-STATS pasted below INFO is not mistaken for INFO fields', () => {
    const r = parseInfo(
      `${infoFixture('strings')}\n___ Begin jemalloc statistics ___\nVersion: "5.3.0-0-g0"\nQuantum size: 8\nPage size: 4096\n`,
    );
    expect(r.ok && r.info.ignored).toEqual([]);
  });

  it('never throws on mutated outputs (300 runs, each analysed)', () => {
    const sources = STATES.map(infoFixture);
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.nat({ max: 50 }),
            fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(':', '\r\n', 'db0:keys=', '=', ',', '-1', '1e400', 'NaN')),
          ),
          { maxLength: 10 },
        ),
        (text, edits) => {
          let s = text;
          for (const [at, cut, insert] of edits) {
            const i = at % (s.length + 1);
            s = s.slice(0, i) + insert + s.slice(i + cut);
          }
          const r = parseInfo(s);
          expect(typeof r.ok).toBe('boolean');
          if (!r.ok) return;
          for (const d of r.info.keyspace) expect(Number.isFinite(d.keys)).toBe(true);
          // whatever survives parsing gives finite, non-negative figures on screen and in the scenario
          const a = analyzeInfo(r.info);
          const figures = [
            a.datasetBytes,
            a.observedBytesPerKey,
            a.inferredValueBytes,
            ...a.projections.map((p) => p.projectedBytes),
            ...(a.reconciliation ? [a.reconciliation.keysBytes, a.reconciliation.modelBytes] : []),
          ].filter((x): x is number => x !== null);
          for (const x of figures) expect(Number.isFinite(x) && x >= 0, String(x)).toBe(true);
          if (a.scenario) expect(scenarioSchema.safeParse(a.scenario).success).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
