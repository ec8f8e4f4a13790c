import type { Allocator, WriteHistory } from '../data/vocabulary';
import type { EncodingThresholds } from './encodingThresholds';
import {
  allocatedSds,
  countOf,
  listpackBytes,
  membersListpackRequest,
  longestMember,
  presizedForThreshold,
  type MemberGroup,
} from './collectionKey';
import {
  collectionTableBytes,
  collidingEntryBytes,
  NO_TABLE,
  tableAsWritten,
  tableGeometry,
  tableHistory,
  type TableGeometry,
  type TableHistory,
} from './collectionTables';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './allocator';
import { sdsBytes } from './sds';
import { DICT_ENTRY_BYTES, ZSET_BYTES, ZSKIPLIST_AS_HEADER_BYTES, ZSKIPLIST_LEVEL_BYTES, ZSKIPLIST_MAX_LEVEL } from './structs';

/** A sorted set's payload with its encoding decided (by the thresholds, whatever the line). */
export interface PreparedZset {
  members: readonly MemberGroup[];
  n: number;
  /** Bytes requested for the listpack; 0 when the sorted set is a skiplist. */
  listpackRequest: number;
  /** The index as one member per ZADD grows it. */
  table: TableGeometry;
  /** The index a load or one ZADD of every member leaves. */
  history: TableHistory;
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

/**
 * Sorted set of member groups; scores are taken as the ranks 1..n (integers, as in leaderboards)
 * unless the listpack bytes of the actual scores are given (`scoreEntryBytes`, from an RDB file).
 */
export function prepareZset(
  members: readonly MemberGroup[],
  t: EncodingThresholds,
  scoreEntryBytes?: number,
  written: WriteHistory = 'one-per-command',
  compactBytes?: number,
): PreparedZset {
  const n = countOf(members);
  if (n <= t.zsetMaxListpackEntries && longestMember(members) <= t.zsetMaxListpackValue) {
    const request = compactBytes ?? membersListpackRequest(members, scoreEntryBytes ?? rankScoreEntryBytes(n));
    return { members, n, listpackRequest: request, table: NO_TABLE, history: tableHistory(0, written, false) };
  }
  return {
    members,
    n,
    listpackRequest: 0,
    table: tableGeometry(n, presizedForThreshold(n, t.zsetMaxListpackEntries)),
    // zsetTypeCreate makes a skiplist sorted set's index for all the members of its first ZADD,
    // whether they were too many or too long for a listpack.
    history: tableHistory(n, written, true),
  };
}

/** Skiplist level distribution: P(L = l) = 3/4 x (1/4)^(l-1), capped at ZSKIPLIST_MAX_LEVEL. */
const LEVEL_PROBABILITIES: number[] = Array.from({ length: ZSKIPLIST_MAX_LEVEL }, (_, i) =>
  i === ZSKIPLIST_MAX_LEVEL - 1 ? 0.25 ** i : 0.75 * 0.25 ** i,
);

/** Pure in (allocator, base): remembered, since every member of a sorted set asks the same. */
const nodeBytesCache: Record<Allocator, Map<number, number>> = {
  'jemalloc-bundled': new Map(),
  'jemalloc-system': new Map(),
  libc: new Map(),
};

/** Expected allocation of a skiplist node whose fixed part is `base` bytes plus one zskiplistLevel per level. */
function expectedNodeBytes(ctx: BuildContext, base: number): number {
  const cache = nodeBytesCache[ctx.allocator];
  let value = cache.get(base);
  if (value === undefined) {
    value = 0;
    for (let i = 0; i < LEVEL_PROBABILITIES.length; i++) {
      value += LEVEL_PROBABILITIES[i]! * allocated(ctx, base + ZSKIPLIST_LEVEL_BYTES * (i + 1));
    }
    if (cache.size > 4096) cache.clear();
    cache.set(base, value);
  }
  return value;
}

export function zsetPayloadBytes(ctx: BuildContext, zset: PreparedZset, into: Parts): number {
  if (zset.listpackRequest > 0) return listpackBytes(ctx, zset.listpackRequest, 'zset listpack', into);
  const layout = ctx.layout;
  const nodeFixed = layout.skiplistNodeFixedBytes;
  let bytes = into.part('zset struct', allocated(ctx, ZSET_BYTES));
  if (layout.skiplistStructBytes === 0) {
    bytes += into.part('skiplist (header node)', allocated(ctx, ZSKIPLIST_AS_HEADER_BYTES));
  } else {
    // A full-height header node beside the struct (Redis 8.6's holds no member: its fixed part only).
    bytes += into.part('skiplist struct', allocated(ctx, layout.skiplistStructBytes));
    bytes += into.part('skiplist header node', allocated(ctx, nodeFixed + ZSKIPLIST_MAX_LEVEL * ZSKIPLIST_LEVEL_BYTES));
  }
  for (const m of zset.members) {
    if (layout.skiplistEmbedsMembers) {
      const node = expectedNodeBytes(ctx, nodeFixed + sdsBytes(m.member.length, layout));
      bytes += into.part('skiplist node with member (expected)', m.count * node);
    } else {
      bytes += into.part('skiplist node (expected)', m.count * expectedNodeBytes(ctx, nodeFixed));
      bytes += into.part('zset member sds', m.count * allocatedSds(ctx, m.member));
    }
  }
  if (layout.collectionTables === 'dict') {
    bytes += layout.zsetKeyOnlyEntries
      ? collidingEntryBytes(ctx, zset.n, zset.table.dictSlots, 'zset dict entry (next, node) for collisions (expected)', into)
      : into.part('zset dictEntry', zset.n * allocated(ctx, DICT_ENTRY_BYTES));
  }
  const table = tableAsWritten(layout, zset.table, zset.history);
  return bytes + collectionTableBytes(ctx, table, 'zset', into, undefined, layout.collectionDictStructBytes.zset);
}
