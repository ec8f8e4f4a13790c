/** What the collections' payloads share: listpacks, their elements' sds, groups of alike elements. */
import type { ElementSpec } from './elements';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './allocator';
import { LISTPACK_OVERHEAD } from './listpack';
import { sdsBytes } from './sds';

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
