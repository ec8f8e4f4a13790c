import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInfo } from '../../src/info/parse';

const fixture = (name: string) => readFileSync(`test/fixtures/info/redis-7.0-${name}.txt`, 'utf8');
const STATES = ['empty', 'strings', 'strings-ttl', 'hashes'];

describe('parseInfo on real redis-cli INFO everything outputs', () => {
  it.each(STATES)('%s: version, mode, memory, allocator, role', (state) => {
    const result = parseInfo(fixture(state));
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
      const r = parseInfo(fixture(name));
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
    const text = fixture('strings');
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
    const r = parseInfo('used_memory:lots\nmem_fragmentation_ratio:-3\nused_memory_rss:1000\n');
    expect(r.ok && r.info.ignored).toEqual(['used_memory ("lots")', 'mem_fragmentation_ratio ("-3")']);
    const none = parseInfo('hello world\nthis is not INFO');
    expect(none).toEqual({ ok: false, error: expect.stringMatching(/No INFO fields found/) });
    const garbage = parseInfo('used_memory:abc');
    expect(garbage.ok).toBe(false);
    expect(!garbage.ok && garbage.error).toMatch(/could not be read: used_memory/);
    expect(parseInfo('   ').ok).toBe(false);
  });

  it('never throws on mutated outputs (2,000 runs)', () => {
    const sources = STATES.map(fixture);
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
          if (r.ok) for (const d of r.info.keyspace) expect(Number.isFinite(d.keys)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);
});
