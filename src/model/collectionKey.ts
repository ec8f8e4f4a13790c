import type { ElementSpec } from './elements';
import type { Parts } from './itemiser';
import { keyspaceEntryBytes, objectWithEmbeddedKeyBytes } from './keyObject';
import { allocated, type BuildContext } from './allocator';
import { ROBJ_BYTES } from './structs';
import { LISTPACK_OVERHEAD } from './listpack';
import { sdsBytes } from './sds';

/**
 * The key-level part of a collection key on its line, when a share `ttlFraction` of its family
 * has a TTL: entry and robj, or the 8.1+ object with the key, whose size a TTL can change.
 */
export function collectionKeyBytes(ctx: BuildContext, keyBytes: number, ttlFraction: number, into: Parts): number {
  if (ctx.layout.keyStorage === 'embedded-in-object') {
    return objectWithEmbeddedKeyBytes(ctx, keyBytes, ttlFraction, 'object: key + payload pointer', into);
  }
  return keyspaceEntryBytes(ctx, keyBytes, ttlFraction, into) + into.part('robj', allocated(ctx, ROBJ_BYTES));
}

/** Bytes requested for a listpack whose entries take `entryBytes`. */
export function listpackRequest(entryBytes: number): number {
  return LISTPACK_OVERHEAD + entryBytes;
}

/** A listpack of `request` bytes as allocated on ctx's line. */
export function listpackBytes(ctx: BuildContext, request: number, component: string, into: Parts): number {
  return into.part(component, allocated(ctx, request));
}

/** An element's sds as allocated on ctx's line. */
export function allocatedSds(ctx: BuildContext, e: ElementSpec): number {
  return allocated(ctx, sdsBytes(e.length, ctx.layout));
}

/** `count` fields of the same shape; a hash is a list of such groups. */
export interface HashFieldGroup {
  field: ElementSpec;
  value: ElementSpec;
  count: number;
}

/** `count` members of the same shape. */
export interface MemberGroup {
  member: ElementSpec;
  count: number;
}

export function countOf(groups: readonly { count: number }[]): number {
  let n = 0;
  for (const g of groups) n += g.count;
  return n;
}

export function longestMember(members: readonly MemberGroup[]): number {
  let longest = 0;
  for (const m of members) longest = Math.max(longest, m.member.length);
  return longest;
}

/** The count a table was presized to when its collection crossed `threshold` entries (0: never). */
export function presizedForThreshold(n: number, threshold: number): number {
  return n > threshold && threshold > 0 ? threshold + 1 : 0;
}
