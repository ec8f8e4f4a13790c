/** Allocator builds whose size classes the model knows. */
export const ALLOCATORS = ['jemalloc-bundled', 'jemalloc-system', 'libc'] as const;
export type Allocator = (typeof ALLOCATORS)[number];

/** Key types a workload can hold. */
export const DATA_TYPES = ['string', 'hash', 'set', 'zset', 'list'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** How values look: arbitrary bytes, or canonical decimal integers such as "30". */
export const VALUE_KINDS = ['bytes', 'int'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** The engines a managed cache bills by: ElastiCache prices a Valkey node below the same Redis OSS node. */
export const ENGINES = ['redis-oss', 'valkey'] as const;
export type Engine = (typeof ENGINES)[number];

/** Where nodes run: a managed service's node types, or servers of one's own on a cloud's instances. */
export const PLATFORMS = ['elasticache', 'ec2'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The engines' names, as every language writes them. */
export const ENGINE_LABELS: Record<Engine, string> = { 'redis-oss': 'Redis OSS', valkey: 'Valkey' };
