import { allocationSize } from './allocator';
import type { Allocation } from './allocation';
import { collectionTable } from './collectionTables';
import type { ElementSpec } from './elements';
import { elementLength } from './elements';
import type { EncodingThresholds } from '../scenario/encodingThresholds';
import { intsetBytes } from './intset';
import { DICT_ENTRY_BYTES, keyspaceEntry, objectWithEmbeddedKey, ROBJ_BYTES, type BuildContext } from './keyObject';
import { LINE_LAYOUTS } from './lines';
import { LISTPACK_OVERHEAD, listpackEntryBytes } from './listpack';
import { sdsBytes } from './sds';
import { dictSlots } from './tables';

export interface CollectionContext extends BuildContext {
  thresholds: EncodingThresholds;
}

/** Allocations of a collection key: the key-level part (per line) and the payload. */
export function collectionKeyAllocations(
  ctx: BuildContext,
  keyBytes: number,
  hasTtl: boolean,
  payload: Allocation[],
): Allocation[] {
  const layout = LINE_LAYOUTS[ctx.line];
  const keyPart =
    layout.keyStorage === 'embedded-in-object'
      ? [objectWithEmbeddedKey(ctx, keyBytes, hasTtl, 'object: key + payload pointer')]
      : [
          ...keyspaceEntry(ctx, keyBytes, hasTtl),
          { component: 'robj', bytes: allocationSize(ROBJ_BYTES, ctx.allocator), requested: ROBJ_BYTES },
        ];
  return [...keyPart, ...payload];
}

function listpack(ctx: BuildContext, entries: number, component = 'listpack'): Allocation {
  const requested = LISTPACK_OVERHEAD + entries;
  return { component, bytes: allocationSize(requested, ctx.allocator), requested };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const sds = (ctx: BuildContext, e: ElementSpec) => sdsBytes(elementLength(e), ctx.line);

// ---------------------------------------------------------------------------------------------
// Hash

/** `count` fields of the same shape; a hash is a list of such groups. */
export interface HashFieldGroup {
  field: ElementSpec;
  value: ElementSpec;
  count: number;
}

const countOf = (groups: readonly { count: number }[]) => groups.reduce((s, g) => s + g.count, 0);
/** Scales each allocation of one element by the number of elements like it. */
const times = (allocations: Allocation[], count: number): Allocation[] =>
  allocations.map((a) => ({ ...a, bytes: a.bytes * count }));

export function hashEncoding(ctx: CollectionContext, fields: readonly HashFieldGroup[]): 'listpack' | 'hashtable' {
  const t = ctx.thresholds;
  const short = fields.every(
    (f) => elementLength(f.field) <= t.hashMaxListpackValue && elementLength(f.value) <= t.hashMaxListpackValue,
  );
  return countOf(fields) <= t.hashMaxListpackEntries && short ? 'listpack' : 'hashtable';
}

/** 8.1+ hash entry: field and a short value in one allocation, else field + value pointer and a value sds. */
function hashEntry81(ctx: BuildContext, f: HashFieldGroup): Allocation[] {
  const field = sds(ctx, f.field);
  const valueLength = elementLength(f.value);
  const embedded = field + valueLength + 4;
  if (embedded <= 128)
    return [{ component: 'hash entry (field + value)', bytes: allocationSize(embedded, ctx.allocator), requested: embedded }];
  const entry = 8 + elementLength(f.field) + 4;
  const value = sdsBytes(valueLength, ctx.line);
  return [
    { component: 'hash entry (value pointer + field)', bytes: allocationSize(entry, ctx.allocator), requested: entry },
    { component: 'hash value sds', bytes: allocationSize(value, ctx.allocator), requested: value },
  ];
}

export function hashPayload(ctx: CollectionContext, fields: readonly HashFieldGroup[]): Allocation[] {
  if (hashEncoding(ctx, fields) === 'listpack') {
    return [
      listpack(
        ctx,
        sum(fields.map((f) => (listpackEntryBytes(f.field) + listpackEntryBytes(f.value)) * f.count)),
        'hash listpack',
      ),
    ];
  }
  const layout = LINE_LAYOUTS[ctx.line];
  const n = countOf(fields);
  const entries: Allocation[] = layout.hashEmbeddedEntries
    ? fields.flatMap((f) => times(hashEntry81(ctx, f), f.count))
    : fields.flatMap((f) =>
        times(
          [
            { component: 'hash dictEntry', bytes: allocationSize(DICT_ENTRY_BYTES, ctx.allocator) },
            { component: 'hash field sds', bytes: allocationSize(sds(ctx, f.field), ctx.allocator) },
            { component: 'hash value sds', bytes: allocationSize(sds(ctx, f.value), ctx.allocator) },
          ],
          f.count,
        ),
      );
  const presizedFor = n > ctx.thresholds.hashMaxListpackEntries ? ctx.thresholds.hashMaxListpackEntries + 1 : 0;
  return [...entries, ...collectionTable(ctx, n, presizedFor, layout.hashHashtableStructBytes)];
}

// ---------------------------------------------------------------------------------------------
// Set

/** `count` members of the same shape. */
export interface MemberGroup {
  member: ElementSpec;
  count: number;
}

export function setEncoding(ctx: CollectionContext, members: readonly MemberGroup[]): 'intset' | 'listpack' | 'hashtable' {
  const t = ctx.thresholds;
  const n = countOf(members);
  if (members.every((m) => m.member.kind === 'int') && n <= t.setMaxIntsetEntries) return 'intset';
  const short = members.every((m) => elementLength(m.member) <= t.setMaxListpackValue);
  return LINE_LAYOUTS[ctx.line].setListpack && n <= t.setMaxListpackEntries && short ? 'listpack' : 'hashtable';
}

export function setPayload(ctx: CollectionContext, members: readonly MemberGroup[]): Allocation[] {
  const encoding = setEncoding(ctx, members);
  const n = countOf(members);
  if (encoding === 'intset') {
    const widest = Math.max(...members.map((m) => (m.member.kind === 'int' ? Math.abs(m.member.value) : 0)));
    const requested = intsetBytes(n, widest);
    return [{ component: 'intset', bytes: allocationSize(requested, ctx.allocator), requested }];
  }
  if (encoding === 'listpack')
    return [listpack(ctx, sum(members.map((m) => listpackEntryBytes(m.member) * m.count)), 'set listpack')];

  const layout = LINE_LAYOUTS[ctx.line];
  const memberSds = members.map((m) => ({
    component: 'set member sds',
    bytes: m.count * allocationSize(sds(ctx, m.member), ctx.allocator),
  }));
  const allInts = members.every((m) => m.member.kind === 'int');
  const threshold = allInts ? ctx.thresholds.setMaxIntsetEntries : layout.setListpack ? ctx.thresholds.setMaxListpackEntries : 0;
  const presizedFor = n > threshold && threshold > 0 ? threshold + 1 : 0;
  if (layout.collectionTables === 'hashtable') return [...memberSds, ...collectionTable(ctx, n, presizedFor)];

  // dict: 7.2+ stores a member alone in its slot; each colliding member needs a {key, next} entry.
  const slots = dictSlots(n, false);
  const entries = layout.setKeyOnlyEntries
    ? {
        component: 'set dictEntry (key, next) for collisions (expected)',
        bytes: (n - slots * (1 - (1 - 1 / slots) ** n)) * allocationSize(16, ctx.allocator),
      }
    : { component: 'set dictEntry', bytes: n * allocationSize(DICT_ENTRY_BYTES, ctx.allocator) };
  return [...memberSds, entries, ...collectionTable(ctx, n, presizedFor)];
}

// ---------------------------------------------------------------------------------------------
// Sorted set

/** Skiplist level distribution: P(L = l) = 3/4 x (1/4)^(l-1), capped at 32. */
const LEVEL_PROBABILITIES: number[] = Array.from({ length: 32 }, (_, i) => (i === 31 ? 0.25 ** 31 : 0.75 * 0.25 ** i));

/** Expected allocation of a skiplist node whose fixed part is `base` bytes plus 16 per level. */
export function expectedNodeBytes(ctx: BuildContext, base: number): number {
  const key = `${ctx.allocator}:${base}`;
  let value = nodeBytesCache.get(key);
  if (value === undefined) {
    value = LEVEL_PROBABILITIES.reduce((s, p, i) => s + p * allocationSize(base + 16 * (i + 1), ctx.allocator), 0);
    if (nodeBytesCache.size > 4096) nodeBytesCache.clear();
    nodeBytesCache.set(key, value);
  }
  return value;
}

/** Pure in (allocator, base): remembered, since every member of a sorted set asks the same. */
const nodeBytesCache = new Map<string, number>();

export function zsetEncoding(ctx: CollectionContext, members: readonly MemberGroup[]): 'listpack' | 'skiplist' {
  const t = ctx.thresholds;
  return countOf(members) <= t.zsetMaxListpackEntries && members.every((m) => elementLength(m.member) <= t.zsetMaxListpackValue)
    ? 'listpack'
    : 'skiplist';
}

/** Listpack bytes of the scores 1..n, stored as integer entries (1-127: 2 bytes, to 4095: 3, ...). */
export function rankScoreEntryBytes(n: number): number {
  const bands: Array<[number, number]> = [
    [127, 2],
    [4095, 3],
    [32_767, 4],
    [8_388_607, 5],
    [2_147_483_647, 6],
  ];
  let total = 0;
  let from = 1;
  for (const [upTo, bytes] of bands) {
    if (n < from) break;
    total += (Math.min(n, upTo) - from + 1) * bytes;
    from = upTo + 1;
  }
  if (n >= from) total += (n - from + 1) * 10;
  return total;
}

const ZSET_STRUCT_BYTES = 16;
const ZSKIPLIST_BYTES = 32;
/** ≤ 9.0: a full-height header node (ele, score, backward, 32 levels of forward + span). */
const SKIPLIST_HEADER_NODE_BYTES = 24 + 32 * 16;
/** 9.1: the skiplist struct is the header node, one zcalloc(528) (PR #2508). */
const SKIPLIST_AS_HEADER_BYTES = 528;

/** Sorted set of member groups; scores are taken as the ranks 1..n (integers, as in leaderboards). */
export function zsetPayload(ctx: CollectionContext, members: readonly MemberGroup[]): Allocation[] {
  const n = countOf(members);
  if (zsetEncoding(ctx, members) === 'listpack') {
    return [
      listpack(ctx, sum(members.map((m) => listpackEntryBytes(m.member) * m.count)) + rankScoreEntryBytes(n), 'zset listpack'),
    ];
  }
  const layout = LINE_LAYOUTS[ctx.line];
  const a = ctx.allocator;
  const presizedFor = n > ctx.thresholds.zsetMaxListpackEntries ? ctx.thresholds.zsetMaxListpackEntries + 1 : 0;
  const out: Allocation[] = [{ component: 'zset struct', bytes: allocationSize(ZSET_STRUCT_BYTES, a) }];
  if (layout.skiplistEmbedsMembers) {
    out.push({ component: 'skiplist (header node)', bytes: allocationSize(SKIPLIST_AS_HEADER_BYTES, a) });
    for (const m of members)
      out.push({
        component: 'skiplist node with member (expected)',
        bytes: m.count * expectedNodeBytes(ctx, 17 + sds(ctx, m.member)),
      });
  } else {
    out.push({ component: 'skiplist struct', bytes: allocationSize(ZSKIPLIST_BYTES, a) });
    out.push({ component: 'skiplist header node', bytes: allocationSize(SKIPLIST_HEADER_NODE_BYTES, a) });
    for (const m of members) {
      out.push({ component: 'skiplist node (expected)', bytes: m.count * expectedNodeBytes(ctx, 24) });
      out.push({ component: 'zset member sds', bytes: m.count * allocationSize(sds(ctx, m.member), a) });
    }
  }
  if (layout.collectionTables === 'dict')
    out.push({ component: 'zset dictEntry', bytes: n * allocationSize(DICT_ENTRY_BYTES, a) });
  return [...out, ...collectionTable(ctx, n, presizedFor)];
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
export function listPayload(ctx: CollectionContext, element: ElementSpec, n: number): Allocation[] {
  const setting = ctx.thresholds.listMaxListpackSize;
  const limit = listNodeByteLimit(setting);
  const e = listpackEntryBytes(element);
  const length = elementLength(element);
  // A node takes one more element while its listpack plus the element (and 8 bytes of slack) stays within the limit.
  const byBytes = Math.max(1, Math.floor((limit - 15 - length) / e) + 1);
  const perNode = setting > 0 ? Math.min(setting, byBytes) : byBytes;
  const fitsOneListpack = setting < 0 ? LISTPACK_OVERHEAD + (n - 1) * e + length <= limit : n <= setting;
  if (LINE_LAYOUTS[ctx.line].listSingleListpack && fitsOneListpack) return [listpack(ctx, n * e, 'list listpack')];

  const fullNodes = Math.floor(n / perNode);
  const rest = n - fullNodes * perNode;
  const nodeCount = fullNodes + (rest > 0 ? 1 : 0);
  const a = ctx.allocator;
  return [
    { component: 'quicklist', bytes: allocationSize(QUICKLIST_BYTES, a) },
    { component: 'quicklist nodes', bytes: nodeCount * allocationSize(QUICKLIST_NODE_BYTES, a), count: nodeCount },
    {
      component: 'quicklist node listpacks',
      bytes:
        fullNodes * allocationSize(LISTPACK_OVERHEAD + perNode * e, a) +
        (rest > 0 ? allocationSize(LISTPACK_OVERHEAD + rest * e, a) : 0),
    },
  ];
}
