import { describe, expect, it } from 'vitest';
import { capacity } from '../../src/model/capacity';
import { datasetBytesOnLines } from '../../src/model/estimate';
import type { ResolvedScenario } from '../../src/model/input';
import { GIB, GB } from '../../src/model/units';
import { LIMITS } from '../../src/scenario/limits';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario } from '../../src/scenario/schema';

const scenario: Scenario = {
  schema: 1,
  versions: ['7.2', '8.1', '9.1'],
  deployment: { shards: 3, replicas: 1, fragmentationRatio: 1.2, headroomPercent: 30, processBaselineBytes: 1_000_000 },
  workloads: [
    { name: 'sessions', type: 'string', keys: 2_000_000, keyBytes: 24, valueBytes: 100, ttlFraction: 0.5 },
    { name: 'profiles', type: 'hash', keys: 300_000, keyBytes: 16, fields: 20, fieldBytes: 10, valueBytes: 20, ttlFraction: 0 },
  ],
};
const resolved = resolveScenario(scenario);
const withKeys = (keys: readonly number[]): ResolvedScenario => ({
  ...resolved,
  workloads: resolved.workloads.map((w, i) => ({ ...w, keys: keys[i]! })),
});

describe('how many keys fit in nodes of a given size', () => {
  it('16 GiB nodes: room is the shards x (16 GiB / (fragmentation x (1 + headroom)) - the empty process), filled to the key', () => {
    const answer = capacity(resolved, LIMITS.keysPerWorkload, 16 * GIB);
    // Written out from the deployment's figures, not by the model's deployment code.
    const room = 3 * ((16 * GIB) / (1.2 * 1.3) - 1_000_000);
    expect(answer).toMatchObject({ nodeBytes: 16 * GIB, shards: 3, nodesPerShard: 2 });
    expect(answer.usableBytes).toBeCloseTo(room, 3);
    for (const line of answer.lines) {
      const sessions = line.workloads[0]!.maxKeys!;
      const filled = (n: number) => datasetBytesOnLines(withKeys([n, 300_000]), [line.line])[0]!;
      // The nodes hold the answer and not one key more: the memory is the room within one key's bytes.
      expect(filled(sessions)).toBeLessThanOrEqual(room);
      expect(filled(sessions + 1)).toBeGreaterThan(room);
      expect(room - filled(sessions)).toBeLessThan(filled(sessions + 1) - filled(sessions));
    }
  });

  it('GB and GiB are told apart, and a provider reserve counts when it is the larger headroom', () => {
    const inGb = capacity(resolved, LIMITS.keysPerWorkload, 16 * GB);
    expect(inGb.usableBytes).toBeCloseTo(3 * ((16 * GB) / (1.2 * 1.3) - 1_000_000), 3);
    const reserved = resolveScenario({ ...scenario, deployment: { ...scenario.deployment, reservedPercent: 40 } });
    // 40 % reserved of a node: 40 / 60 of the RSS, above the 30 % copy-on-write room.
    expect(capacity(reserved, LIMITS.keysPerWorkload, 16 * GIB).usableBytes).toBeCloseTo(
      3 * ((16 * GIB) / (1.2 * (1 + 40 / 60)) - 1_000_000),
      3,
    );
    // Larger nodes hold more keys on every line.
    const small = capacity(resolved, LIMITS.keysPerWorkload, 4 * GIB);
    const large = capacity(resolved, LIMITS.keysPerWorkload, 64 * GIB);
    small.lines.forEach((l, li) => expect(large.lines[li]!.mixKeys).toBeGreaterThan(l.mixKeys));
  });

  it('a node smaller than the empty process with its headroom holds nothing, and says so', () => {
    const answer = capacity(resolved, LIMITS.keysPerWorkload, 1_000_000);
    expect(answer.usableBytes).toBeNull();
    expect(answer.lines).toEqual([]);
  });

  it("without a size, the deployment's own instance type, as before", () => {
    expect(capacity(resolved, LIMITS.keysPerWorkload)).toMatchObject({ nodeBytes: null });
  });
});
