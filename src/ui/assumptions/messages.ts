import type { DataType } from '../../data/vocabulary';

/** The assumption list's user-visible English strings, in one place for the message catalogs. */
export const assumptionMessages = {
  heading: 'Assumed in these figures',
  intro: 'Values nobody typed: the model used these defaults. Set yours where they differ.',
  standalone: 'cluster mode off (no per-key slot bookkeeping)',
  noFieldTtl: 'no hash field has a TTL of its own',
  stringValues: 'values are stored as strings, not as integers',
  replicas: 'no replicas',
  shards: 'one shard, more only where a node cannot hold the data',
};

const ELEMENT: Record<DataType, string> = {
  string: 'value',
  hash: 'field value',
  set: 'member',
  zset: 'member',
  list: 'element',
};

/** "every key of "sessions" alike: 10 fields, field names of 8 B, field values of 100 B" */
export const uniformKeys = (
  name: string,
  type: DataType,
  count: number | undefined,
  fieldBytes: number | undefined,
  valueBytes: string,
) =>
  [
    `every key of "${name}" alike`,
    ...(type === 'string' ? [] : [`${count ?? 1} ${type === 'hash' ? 'fields' : `${ELEMENT[type]}s`} each`]),
    ...(type === 'hash' ? [`field names of ${fieldBytes ?? 1} B`] : []),
    `${ELEMENT[type]}s of ${valueBytes}`,
    ...(type === 'zset' ? ['scores as 8-byte doubles'] : []),
  ].join(', ');

export const allocatorAssumed = (allocator: string, line: string) => `${allocator}, the usual build of ${line}`;
export const thresholdAssumed = (setting: string, value: number) => `${setting} ${value} (the server default)`;
export const fragmentationAssumed = (ratio: number) =>
  `fragmentation ratio ${ratio} (jemalloc under a steady load; read yours as mem_fragmentation_ratio)`;
export const headroomAssumed = (percent: number) => `fork copy-on-write headroom ${percent} % of RSS per node`;
export const baselineAssumed = (bytes: string) => `an empty server's used_memory: ${bytes} per node`;
export const instanceAssumed = (id: string) => `instance type ${id}`;
