import { describe, expect, it } from 'vitest';
import { emptyServer } from '../../src/data/emptyServer';
import { instanceTypes } from '../../src/data/instanceTypes';

describe('instance catalog (data/instance-types.json)', () => {
  const memory = (id: string) => instanceTypes.types.find((t) => t.id === id)!.memoryGiB;

  it('has unique ids', () => {
    const ids = instanceTypes.types.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('EC2 R7g has 8 GiB and M7g 4 GiB per vCPU', () => {
    for (const t of instanceTypes.types.filter((x) => x.offering.startsWith('EC2'))) {
      expect(t.memoryGiB, t.id).toBe(t.vcpus * (t.id.startsWith('r7g') ? 8 : 4));
    }
  });

  it('lists the ElastiCache node memory as published', () => {
    expect(
      [
        'cache.r7g.large',
        'cache.r7g.xlarge',
        'cache.r7g.2xlarge',
        'cache.r7g.4xlarge',
        'cache.r7g.8xlarge',
        'cache.r7g.12xlarge',
        'cache.r7g.16xlarge',
      ].map(memory),
    ).toEqual([13.07, 26.32, 52.82, 105.81, 209.55, 317.77, 419.09]);
    expect(['cache.m7g.large', 'cache.m7g.xlarge', 'cache.m7g.2xlarge', 'cache.m7g.4xlarge'].map(memory)).toEqual([
      6.38, 12.93, 26.04, 52.26,
    ]);
    expect(['cache.t4g.micro', 'cache.t4g.small', 'cache.t4g.medium'].map(memory)).toEqual([0.5, 1.37, 3.09]);
  });

  it('the empty server figure is our own measurement of Debian redis-server 7.0.15', () => {
    expect(emptyServer.usedMemoryBytes).toBe(901_192);
    expect(emptyServer.usedMemoryStartupBytes).toBeLessThan(emptyServer.usedMemoryBytes);
  });
});
