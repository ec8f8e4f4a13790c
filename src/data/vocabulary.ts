/** Allocator builds whose size classes the model knows. */
export const ALLOCATORS = ['jemalloc-bundled', 'jemalloc-system', 'libc'] as const;
export type Allocator = (typeof ALLOCATORS)[number];

/** Key types a workload can hold. */
export const DATA_TYPES = ['string', 'hash', 'set', 'zset', 'list'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** How values look: arbitrary bytes, or canonical decimal integers such as "30". */
export const VALUE_KINDS = ['bytes', 'int'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/**
 * How a workload's collections were written, which decides whether their tables were made at
 * their final size: one element per command (each table grows, and may still hold the old table
 * of its last expansion), a whole collection per command (SADD k m1 … mN, HSET, ZADD with every
 * element), or loaded (a snapshot restored, a replica's full sync, a restart).
 */
export const WRITE_HISTORIES = ['one-per-command', 'whole-collection', 'loaded'] as const;
export type WriteHistory = (typeof WRITE_HISTORIES)[number];

/**
 * A collection's elements within one key: alike (each key draws one element size for all its
 * elements: keys differ from each other) or mixed (each key holds elements of every size of the
 * distribution, in its shares: a user's hash with a short age and a long address).
 */
export const ELEMENT_SIZES = ['alike', 'mixed'] as const;
export type ElementSizes = (typeof ELEMENT_SIZES)[number];

/** The engines a managed cache bills by: ElastiCache prices a Valkey node below the same Redis OSS node. */
export const ENGINES = ['redis-oss', 'valkey'] as const;
export type Engine = (typeof ENGINES)[number];

/** Where nodes run: a managed service's node types, or servers of one's own on a cloud's instances. */
export const PLATFORMS = ['elasticache', 'ec2'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The engines' names, as every language writes them. */
export const ENGINE_LABELS: Record<Engine, string> = { 'redis-oss': 'Redis OSS', valkey: 'Valkey' };
