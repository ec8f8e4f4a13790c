/** Allocator builds whose size classes the model knows. */
export const ALLOCATORS = ['jemalloc-bundled', 'jemalloc-system', 'libc'] as const;
export type Allocator = (typeof ALLOCATORS)[number];

/** Key types a workload can hold. */
export const DATA_TYPES = ['string', 'hash', 'set', 'zset', 'list'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** How values look: arbitrary bytes, or canonical decimal integers such as "30". */
export const VALUE_KINDS = ['bytes', 'int'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];
