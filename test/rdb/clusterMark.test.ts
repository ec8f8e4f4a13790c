import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZING } from '../../src/rdb/sizing';
import { analyze } from './fixtures';
import { rdbLength, rdbString, withChecksum } from './rdbBytes';

const aux = (name: string, value: string) => [0xfa, ...rdbString(name), ...rdbString(value)];
/** One string key `k` = `v` in db 0. */
const oneKey = [0xfe, 0, 0, ...rdbString('k'), ...rdbString('v')];
/** A slot-info record: slot 7638 holds 1 key, none with an expiry (Redis 7.4+ in cluster mode). */
const slotInfo = [0xf4, ...rdbLength(7638), ...rdbLength(1), ...rdbLength(0)];

function notes(server: 'redis' | 'valkey', version: string, cluster: boolean, marked: boolean): string[] {
  const header = server === 'redis' ? 'REDIS0012' : 'REDIS0011';
  const body = [...aux(`${server}-ver`, version), ...aux('redis-bits', '64'), ...(marked ? slotInfo : []), ...oneKey];
  return analyze(withChecksum(header, body), 65_536, { sizing: { ...DEFAULT_SIZING, cluster } }).notes;
}

describe("what a snapshot says of its writer's cluster mode", () => {
  it('names a cluster node by its slot-info records when cluster mode is off', () => {
    expect(notes('redis', '8.0.6', false, true)).toContainEqual(
      expect.stringMatching(/^the file has slot-info records, so a cluster node wrote it/),
    );
    expect(notes('redis', '8.0.6', true, true).join()).not.toMatch(/slot-info|cluster node/);
  });

  it('says a Redis 7.4+ file without them was not written by a cluster node, when cluster mode is on', () => {
    expect(notes('redis', '8.0.6', true, false)).toContainEqual(
      expect.stringMatching(
        /^the file has no slot-info records, which redis 8\.0\.6 writes as a cluster node: its writer was not one/,
      ),
    );
    expect(notes('redis', '8.0.6', false, false).join()).not.toMatch(/slot-info/);
  });

  it("says a Valkey or older Redis file cannot tell, when cluster mode is on: the reconciliation's assumption is named", () => {
    for (const [server, version] of [
      ['valkey', '9.1.2'],
      ['redis', '7.2.4'],
    ] as const) {
      expect(notes(server, version, true, false)).toContainEqual(
        expect.stringMatching(new RegExp(`^${server} ${version.replace(/\./g, '\\.')} marks no file as a cluster node's`)),
      );
      expect(notes(server, version, false, false).join()).not.toMatch(/cluster node/);
    }
  });
});
