/** What the collections' payloads share: listpacks, their elements' sds, groups of alike elements. */
import type { ElementSpec } from './elements';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './allocator';
import { LISTPACK_OVERHEAD, listpackEntryBytes } from './listpack';
import { intsetBytes } from './intset';
import { sdsBytes } from './sds';

/** Bytes requested for a listpack whose entries take `entryBytes`. */
export function listpackRequest(entryBytes: number): number {
  return LISTPACK_OVERHEAD + entryBytes;
}

/** A hash's listpack: each field and its value, one entry each. */
export function hashListpackRequest(fields: readonly HashFieldGroup[]): number {
  let entries = 0;
  for (const f of fields) entries += (listpackEntryBytes(f.field) + listpackEntryBytes(f.value)) * f.count;
  return listpackRequest(entries);
}

/** A set's or sorted set's listpack: each member an entry, and `otherEntryBytes` (a sorted set's scores). */
export function membersListpackRequest(members: readonly MemberGroup[], otherEntryBytes = 0): number {
  let entries = otherEntryBytes;
  for (const m of members) entries += listpackEntryBytes(m.member) * m.count;
  return listpackRequest(entries);
}

/** An intset of `n` members, all at the width of the widest. */
export function intsetRequest(members: readonly MemberGroup[], n: number): number {
  let widest = 0;
  for (const m of members) if (m.member.kind === 'int') widest = Math.max(widest, Math.abs(m.member.value));
  return intsetBytes(n, widest);
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
  // Mixed elements (keyShape's ElementMix) share a whole count out in fractions: their sum is that
  // count to within rounding, and thresholds and tables must see the whole count.
  const whole = Math.round(n);
  return Math.abs(n - whole) < 1e-6 ? whole : n;
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
