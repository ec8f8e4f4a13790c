import { allocationSize } from './allocator';
import type { Allocator } from '../data/vocabulary';
import type { EncodingThresholds } from '../scenario/encodingThresholds';
import { collectionTableBytes } from './collectionTables';
import type { ElementSpec } from './elements';
import { intsetBytes } from './intset';
import { part, type Itemiser } from './itemiser';
import { DICT_ENTRY_BYTES, keyspaceEntryBytes, objectWithEmbeddedKeyBytes, ROBJ_BYTES, type BuildContext } from './keyObject';
import { LINE_LAYOUTS, type ModelLine } from './lines';
import { LISTPACK_OVERHEAD, listpackEntryBytes } from './listpack';
import { sdsBytes } from './sds';
import { dictSlots } from './tables';

export interface CollectionContext extends BuildContext {
  thresholds: EncodingThresholds;
}

export function collectionContext(
  line: ModelLine,
  allocator: Allocator,
  cluster: boolean,
  thresholds: EncodingThresholds,
): CollectionContext {
  return { layout: LINE_LAYOUTS[line], allocator, cluster, thresholds };
}

/** The key-level part of a collection key on its line: entry and robj, or the 8.1+ object with the key. */
export function collectionKeyBytes(ctx: BuildContext, keyBytes: number, hasTtl: boolean, into: Itemiser | null): number {
  if (ctx.layout.keyStorage === 'embedded-in-object') {
    return objectWithEmbeddedKeyBytes(ctx, keyBytes, hasTtl, 'object: key + payload pointer', into);
  }
  return keyspaceEntryBytes(ctx, keyBytes, hasTtl, into) + part(into, 'robj', allocationSize(ROBJ_BYTES, ctx.allocator));
}

function listpackBytes(ctx: BuildContext, entryBytes: number, component: string, into: Itemiser | null): number {
  return part(into, component, allocationSize(LISTPACK_OVERHEAD + entryBytes, ctx.allocator));
}

const sdsOf = (ctx: BuildContext, e: ElementSpec) => sdsBytes(e.length, ctx.layout);

// ---------------------------------------------------------------------------------------------
// Hash

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

function countOf(groups: readonly { count: number }[]): number {
  let n = 0;
  for (const g of groups) n += g.count;
  return n;
}

function longestMember(members: readonly MemberGroup[]): number {
  let longest = 0;
  for (const m of members) longest = Math.max(longest, m.member.length);
  return longest;
}

export function hashEncoding(ctx: CollectionContext, fields: readonly HashFieldGroup[]): 'listpack' | 'hashtable' {
  const t = ctx.thresholds;
  let longest = 0;
  for (const f of fields) longest = Math.max(longest, f.field.length, f.value.length);
  return countOf(fields) <= t.hashMaxListpackEntries && longest <= t.hashMaxListpackValue ? 'listpack' : 'hashtable';
}

/** 8.1+ hash entry: field and a short value in one allocation, else field + value pointer and a value sds. */
function hashEntry81Bytes(ctx: BuildContext, f: HashFieldGroup, into: Itemiser | null): number {
  const embedded = sdsOf(ctx, f.field) + f.value.length + 4;
  if (embedded <= 128) return part(into, 'hash entry (field + value)', allocationSize(embedded, ctx.allocator));
  return (
    part(into, 'hash entry (value pointer + field)', allocationSize(8 + f.field.length + 4, ctx.allocator)) +
    part(into, 'hash value sds', allocationSize(sdsBytes(f.value.length, ctx.layout), ctx.allocator))
  );
}

/** 7.2/8.0 hash entry: a dictEntry and two sds strings. */
function hashDictEntryBytes(ctx: BuildContext, f: HashFieldGroup, into: Itemiser | null): number {
  const a = ctx.allocator;
  return (
    part(into, 'hash dictEntry', allocationSize(DICT_ENTRY_BYTES, a)) +
    part(into, 'hash field sds', allocationSize(sdsOf(ctx, f.field), a)) +
    part(into, 'hash value sds', allocationSize(sdsOf(ctx, f.value), a))
  );
}

export function hashPayloadBytes(ctx: CollectionContext, fields: readonly HashFieldGroup[], into: Itemiser | null): number {
  if (hashEncoding(ctx, fields) === 'listpack') {
    let entries = 0;
    for (const f of fields) entries += (listpackEntryBytes(f.field) + listpackEntryBytes(f.value)) * f.count;
    return listpackBytes(ctx, entries, 'hash listpack', into);
  }
  const layout = ctx.layout;
  const entryBytes = layout.hashEmbeddedEntries ? hashEntry81Bytes : hashDictEntryBytes;
  let bytes = 0;
  for (const f of fields) bytes += f.count * entryBytes(ctx, f, into && into.weighted(f.count));
  const n = countOf(fields);
  const presizedFor = n > ctx.thresholds.hashMaxListpackEntries ? ctx.thresholds.hashMaxListpackEntries + 1 : 0;
  return bytes + collectionTableBytes(ctx, n, presizedFor, into, layout.hashHashtableStructBytes);
}

// ---------------------------------------------------------------------------------------------
// Set

function allIntegers(members: readonly MemberGroup[]): boolean {
  for (const m of members) if (m.member.kind !== 'int') return false;
  return true;
}

export function setEncoding(ctx: CollectionContext, members: readonly MemberGroup[]): 'intset' | 'listpack' | 'hashtable' {
  const t = ctx.thresholds;
  const n = countOf(members);
  if (allIntegers(members) && n <= t.setMaxIntsetEntries) return 'intset';
  const short = longestMember(members) <= t.setMaxListpackValue;
  return ctx.layout.setListpack && n <= t.setMaxListpackEntries && short ? 'listpack' : 'hashtable';
}

export function setPayloadBytes(ctx: CollectionContext, members: readonly MemberGroup[], into: Itemiser | null): number {
  const encoding = setEncoding(ctx, members);
  const n = countOf(members);
  const a = ctx.allocator;
  if (encoding === 'intset') {
    let widest = 0;
    for (const m of members) if (m.member.kind === 'int') widest = Math.max(widest, Math.abs(m.member.value));
    return part(into, 'intset', allocationSize(intsetBytes(n, widest), a));
  }
  if (encoding === 'listpack') {
    let entries = 0;
    for (const m of members) entries += listpackEntryBytes(m.member) * m.count;
    return listpackBytes(ctx, entries, 'set listpack', into);
  }
  const layout = ctx.layout;
  let bytes = 0;
  for (const m of members) bytes += part(into, 'set member sds', m.count * allocationSize(sdsOf(ctx, m.member), a));
  const threshold = allIntegers(members)
    ? ctx.thresholds.setMaxIntsetEntries
    : layout.setListpack
      ? ctx.thresholds.setMaxListpackEntries
      : 0;
  const presizedFor = n > threshold && threshold > 0 ? threshold + 1 : 0;
  if (layout.collectionTables === 'dict') {
    // 7.2+ stores a member alone in its slot; each colliding member needs a {key, next} entry.
    const slots = dictSlots(n, false);
    bytes += layout.setKeyOnlyEntries
      ? part(
          into,
          'set dictEntry (key, next) for collisions (expected)',
          (n - slots * (1 - (1 - 1 / slots) ** n)) * allocationSize(16, a),
        )
      : part(into, 'set dictEntry', n * allocationSize(DICT_ENTRY_BYTES, a));
  }
  return bytes + collectionTableBytes(ctx, n, presizedFor, into);
}

// ---------------------------------------------------------------------------------------------
// Sorted set

/** Skiplist level distribution: P(L = l) = 3/4 x (1/4)^(l-1), capped at 32. */
const LEVEL_PROBABILITIES: number[] = Array.from({ length: 32 }, (_, i) => (i === 31 ? 0.25 ** 31 : 0.75 * 0.25 ** i));

/** Pure in (allocator, base): remembered, since every member of a sorted set asks the same. */
const nodeBytesCache: Record<Allocator, Map<number, number>> = {
  'jemalloc-bundled': new Map(),
  'jemalloc-system': new Map(),
  libc: new Map(),
};

/** Expected allocation of a skiplist node whose fixed part is `base` bytes plus 16 per level. */
export function expectedNodeBytes(ctx: BuildContext, base: number): number {
  const cache = nodeBytesCache[ctx.allocator];
  let value = cache.get(base);
  if (value === undefined) {
    value = 0;
    for (let i = 0; i < LEVEL_PROBABILITIES.length; i++) {
      value += LEVEL_PROBABILITIES[i]! * allocationSize(base + 16 * (i + 1), ctx.allocator);
    }
    if (cache.size > 4096) cache.clear();
    cache.set(base, value);
  }
  return value;
}

export function zsetEncoding(ctx: CollectionContext, members: readonly MemberGroup[]): 'listpack' | 'skiplist' {
  const t = ctx.thresholds;
  return countOf(members) <= t.zsetMaxListpackEntries && longestMember(members) <= t.zsetMaxListpackValue
    ? 'listpack'
    : 'skiplist';
}

/** Listpack bytes of the scores 1..n, stored as integer entries (1-127: 2 bytes, to 4095: 3, ...). */
export function rankScoreEntryBytes(n: number): number {
  let total = 0;
  let from = 1;
  for (const band of SCORE_BANDS) {
    if (n < from) break;
    total += (Math.min(n, band.upTo) - from + 1) * band.entryBytes;
    from = band.upTo + 1;
  }
  if (n >= from) total += (n - from + 1) * 10;
  return total;
}

/** Listpack integer entry sizes by the largest value they hold. */
const SCORE_BANDS: ReadonlyArray<{ upTo: number; entryBytes: number }> = [
  { upTo: 127, entryBytes: 2 },
  { upTo: 4095, entryBytes: 3 },
  { upTo: 32_767, entryBytes: 4 },
  { upTo: 8_388_607, entryBytes: 5 },
  { upTo: 2_147_483_647, entryBytes: 6 },
];

const ZSET_STRUCT_BYTES = 16;
const ZSKIPLIST_BYTES = 32;
/** ≤ 9.0: a full-height header node (ele, score, backward, 32 levels of forward + span). */
const SKIPLIST_HEADER_NODE_BYTES = 24 + 32 * 16;
/** 9.1: the skiplist struct is the header node, one zcalloc(528) (PR #2508). */
const SKIPLIST_AS_HEADER_BYTES = 528;

/** Sorted set of member groups; scores are taken as the ranks 1..n (integers, as in leaderboards). */
export function zsetPayloadBytes(ctx: CollectionContext, members: readonly MemberGroup[], into: Itemiser | null): number {
  const n = countOf(members);
  if (zsetEncoding(ctx, members) === 'listpack') {
    let entries = rankScoreEntryBytes(n);
    for (const m of members) entries += listpackEntryBytes(m.member) * m.count;
    return listpackBytes(ctx, entries, 'zset listpack', into);
  }
  const layout = ctx.layout;
  const a = ctx.allocator;
  const presizedFor = n > ctx.thresholds.zsetMaxListpackEntries ? ctx.thresholds.zsetMaxListpackEntries + 1 : 0;
  let bytes = part(into, 'zset struct', allocationSize(ZSET_STRUCT_BYTES, a));
  if (layout.skiplistEmbedsMembers) {
    bytes += part(into, 'skiplist (header node)', allocationSize(SKIPLIST_AS_HEADER_BYTES, a));
    for (const m of members) {
      bytes += part(into, 'skiplist node with member (expected)', m.count * expectedNodeBytes(ctx, 17 + sdsOf(ctx, m.member)));
    }
  } else {
    bytes += part(into, 'skiplist struct', allocationSize(ZSKIPLIST_BYTES, a));
    bytes += part(into, 'skiplist header node', allocationSize(SKIPLIST_HEADER_NODE_BYTES, a));
    for (const m of members) {
      bytes += part(into, 'skiplist node (expected)', m.count * expectedNodeBytes(ctx, 24));
      bytes += part(into, 'zset member sds', m.count * allocationSize(sdsOf(ctx, m.member), a));
    }
  }
  if (layout.collectionTables === 'dict') bytes += part(into, 'zset dictEntry', n * allocationSize(DICT_ENTRY_BYTES, a));
  return bytes + collectionTableBytes(ctx, n, presizedFor, into);
}

// ---------------------------------------------------------------------------------------------
// List

const QUICKLIST_BYTES = 40;
const QUICKLIST_NODE_BYTES = 40;
/** The per-node size limit the -1..-5 settings select. */
const LIST_NODE_BYTE_LIMITS = [4096, 8192, 16384, 32768, 65536];
/** A count-limited node is still kept under 8 KiB (SIZE_SAFETY_LIMIT). */
const SIZE_SAFETY_LIMIT = 8192;

function listNodeByteLimit(setting: number): number {
  return setting < 0 ? LIST_NODE_BYTE_LIMITS[Math.min(5, -setting) - 1]! : SIZE_SAFETY_LIMIT;
}

/** List of n equal elements: one listpack while it fits the node limit (7.2+), else a quicklist of full nodes. */
export function listPayloadBytes(ctx: CollectionContext, element: ElementSpec, n: number, into: Itemiser | null): number {
  const setting = ctx.thresholds.listMaxListpackSize;
  const limit = listNodeByteLimit(setting);
  const e = listpackEntryBytes(element);
  const length = element.length;
  // A node takes one more element while its listpack plus the element (and 8 bytes of slack) stays within the limit.
  const byBytes = Math.max(1, Math.floor((limit - 15 - length) / e) + 1);
  const perNode = setting > 0 ? Math.min(setting, byBytes) : byBytes;
  const fitsOneListpack = setting < 0 ? LISTPACK_OVERHEAD + (n - 1) * e + length <= limit : n <= setting;
  if (ctx.layout.listSingleListpack && fitsOneListpack) return listpackBytes(ctx, n * e, 'list listpack', into);

  const fullNodes = Math.floor(n / perNode);
  const rest = n - fullNodes * perNode;
  const nodeCount = fullNodes + (rest > 0 ? 1 : 0);
  const a = ctx.allocator;
  return (
    part(into, 'quicklist', allocationSize(QUICKLIST_BYTES, a)) +
    part(into, 'quicklist nodes', nodeCount * allocationSize(QUICKLIST_NODE_BYTES, a)) +
    part(
      into,
      'quicklist node listpacks',
      fullNodes * allocationSize(LISTPACK_OVERHEAD + perNode * e, a) +
        (rest > 0 ? allocationSize(LISTPACK_OVERHEAD + rest * e, a) : 0),
    )
  );
}
