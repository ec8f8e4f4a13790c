import { formatCount } from '../format/count';
import type { CapacityAnswer } from '../model/plan';
import type { ResolvedScenario } from '../model';

/** `--fit`: how many keys fit in the nodes the deployment provisions today, or in nodes of the size given, per line (JSON). */
export function toCliCapacity(scenario: ResolvedScenario, answer: CapacityAnswer) {
  return {
    ...(answer.nodeBytes === null ? { instanceType: scenario.deployment.instanceType } : { nodeBytes: answer.nodeBytes }),
    shards: answer.shards,
    nodesPerShard: answer.nodesPerShard,
    /** The largest dataset (used_memory less the empty process, over all shards) the nodes hold; null when an empty node does not fit. */
    usableDatasetBytes: answer.usableBytes === null ? null : Math.floor(answer.usableBytes),
    lines: answer.lines.map((l) => ({
      version: l.line,
      /** The ratio the line's deployment uses, and the dataset the nodes hold at it. */
      fragmentationRatio: Math.round(l.fragmentationRatio * 1000) / 1000,
      usableDatasetBytes: l.usableBytes === null ? null : Math.floor(l.usableBytes),
      datasetBytesToday: Math.round(l.datasetBytesToday),
      /** Every workload's keys multiplied together by this factor (rounded down) still fit; null when none fit. */
      mixFactor: l.mixFactor,
      mixKeys: l.mixKeys,
      mixDatasetBytes: Math.round(l.mixDatasetBytes),
      workloads: l.workloads.map((w) => ({
        name: w.name,
        keysToday: w.keysToday,
        /** The most keys of this workload that fit with the others as they are; null when the others alone overflow. */
        maxKeys: w.maxKeys,
        ...(w.atKeyLimit && { note: 'the most keys a workload may have; the memory would hold more' }),
      })),
    })),
  };
}
export type CliCapacity = ReturnType<typeof toCliCapacity>;

const count = (n: number) => formatCount(n, 'en');

/** The capacity section of `--format table --fit`. */
export function formatCapacityTable(c: CliCapacity): string {
  const node = 'nodeBytes' in c ? `nodes of ${count(c.nodeBytes)} bytes` : c.instanceType;
  const nodes = `${c.shards} shard(s) of ${node}, ${c.nodesPerShard} node(s) each`;
  if (c.usableDatasetBytes === null)
    return `\nhow many keys fit (${nodes})\n  nothing: an empty node with this deployment's headroom does not fit ${'nodeBytes' in c ? `in ${count(c.nodeBytes)} bytes` : c.instanceType}\n`;
  const out = ['', `how many keys fit (${nodes}; room for ${count(c.usableDatasetBytes)} bytes of data)`];
  for (const l of c.lines) {
    const empty = l.workloads.every((w) => w.keysToday === 0);
    const mix =
      l.mixFactor === null
        ? empty
          ? 'no keys today: the mix has nothing to scale (each workload alone below)'
          : 'the workloads as they are do not fit'
        : `the mix fits ${l.mixFactor.toFixed(4)} x today's keys (${count(l.mixKeys)} keys)`;
    out.push(`  ${l.version}: ${mix}`);
    for (const w of l.workloads)
      out.push(
        `    ${w.name}: ${w.maxKeys === null ? 'no room: the other workloads fill the nodes' : `up to ${count(w.maxKeys)} keys${w.note ? ` (${w.note})` : ''}`} (today ${count(w.keysToday)})`,
      );
  }
  return out.join('\n') + '\n';
}
