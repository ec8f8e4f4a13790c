import { z } from './zod';

/** The release lines the calculator knows, oldest first. Patch releases share a line's layouts. */
export const VERSION_LINES = ['7.2', '8.0', '8.1', '9.0', '9.1'] as const;
export type VersionLine = (typeof VERSION_LINES)[number];
export const versionLineSchema = z.enum(VERSION_LINES);

export function versionIndex(version: VersionLine): number {
  return VERSION_LINES.indexOf(version);
}

/** Allocator builds whose size classes the model knows. */
export const ALLOCATORS = ['jemalloc-bundled', 'jemalloc-system', 'libc'] as const;
export type Allocator = (typeof ALLOCATORS)[number];

/** Key types a workload can hold. */
export const DATA_TYPES = ['string', 'hash', 'set', 'zset', 'list'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** How values look: arbitrary bytes, or canonical decimal integers such as "30". */
export const VALUE_KINDS = ['bytes', 'int'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];
