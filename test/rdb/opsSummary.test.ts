import { describe, expect, it } from 'vitest';
import { runRdb } from '../../src/cli/rdb';
import { LINES } from '../../src/model/lineRegistry';
import { analyze, FIXTURES } from './fixtures';
import { rdbString, withChecksum } from './rdbBytes';

const NEWEST = LINES.ids[LINES.ids.length - 1]!;

/** An expiry record (RDB_OPCODE_EXPIRETIME_MS): 8 bytes, little-endian milliseconds. */
function expireAt(ms: number): number[] {
  const out = [0xfc];
  for (let i = 0; i < 8; i++) out.push(Math.floor(ms / 2 ** (8 * i)) % 256);
  return out;
}

describe('the largest keys and the TTL summary of a snapshot', () => {
  it('lists the N largest keys over the whole file with type, size and bytes on every line', async () => {
    const f = FIXTURES.find((x) => x.name === 'redis-7.0-mixed')!;
    const a = analyze(f.bytes, 65_536, { topKeys: 4 });
    expect(a.topKeys).toHaveLength(4);
    const bytes = a.topKeys.map((k) => k.bytesPerLine[NEWEST]);
    expect(bytes).toEqual([...bytes].sort((x, y) => y - x));
    // No family holds a larger key than the first of the list.
    const largestInFamilies = Math.max(...a.families.flatMap((x) => x.topKeys.map((k) => k.bytes)));
    expect(a.topKeys[0]!.bytesPerLine[NEWEST]).toBe(largestInFamilies);
    for (const k of a.topKeys) expect(Object.keys(k.bytesPerLine)).toEqual([...LINES.ids]);
    // The three leaderboards of 200 members, then a log of 900 entries.
    expect(a.topKeys.map((k) => [k.type, k.size])).toEqual([
      ['zset', 200],
      ['zset', 200],
      ['zset', 200],
      ['list', 900],
    ]);
    const out = await runRdb(['d.rdb', '--format', 'table', '--top', '2'], () => ({
      size: f.bytes.length,
      chunks: (async function* () {
        yield f.bytes;
      })(),
    }));
    expect(out.stdout).toMatch(
      /^largest keys +type +elements \/ bytes +redis-7\.0 +9\.1\nrank:\d +zset +200 .*\nrank:\d +zset +200 [^\n]*\n\n/m,
    );
  });

  it('counts the keys by when they expire, from the time the file was written', () => {
    const ctime = 1_700_000_000;
    const at = (seconds: number) => expireAt((ctime + seconds) * 1000);
    const key = (name: string, expiry: number[] = []) => [...expiry, 0x00, ...rdbString(name), ...rdbString('v')];
    const body = [
      0xfa,
      ...rdbString('ctime'),
      ...rdbString(String(ctime)),
      ...key('plain'),
      ...key('plain2'),
      ...key('gone', at(-5)),
      ...key('hour', at(3600)),
      ...key('day', at(3601)),
      ...key('week', at(7 * 86400)),
      ...key('month', at(30 * 86400)),
      ...key('later', at(30 * 86400 + 1)),
    ];
    const a = analyze(withChecksum('REDIS0010', body));
    expect(a.status).toBe('complete');
    expect(a.ttl).toEqual({
      noTtl: 2,
      expired: 1,
      withinHour: 1,
      withinDay: 1,
      withinWeek: 1,
      withinMonth: 1,
      later: 1,
      unknown: 0,
    });
    // Without a creation time, a TTL cannot be placed.
    const noTime = analyze(withChecksum('REDIS0010', [...key('a', expireAt(5000)), ...key('b')]));
    expect(noTime.ttl).toMatchObject({ noTtl: 1, unknown: 1 });
  });

  it('merges across a cluster: TTL counts summed, the largest keys of all shards', async () => {
    const open = (file: string) => {
      const bytes = FIXTURES.find((x) => `${x.name}.rdb` === file)!.bytes;
      return {
        size: bytes.length,
        chunks: (async function* () {
          yield bytes;
        })(),
      };
    };
    const read = async (...files: string[]) => JSON.parse((await runRdb([...files, '--top', '3'], open)).stdout);
    const [a, b] = [await read('redis-7.0-mixed.rdb'), await read('valkey-9.1.2-bundled-mixed.rdb')];
    const c = await read('redis-7.0-mixed.rdb', 'valkey-9.1.2-bundled-mixed.rdb');
    for (const bucket of Object.keys(a.ttl)) expect(c.ttl[bucket]).toBe(a.ttl[bucket] + b.ttl[bucket]);
    const all = [...a.topKeys, ...b.topKeys].map((k) => k.bytesPerLine[NEWEST]).sort((x: number, y: number) => y - x);
    expect(c.topKeys.map((k: { bytesPerLine: Record<string, number> }) => k.bytesPerLine[NEWEST])).toEqual(all.slice(0, 3));
  });
});
