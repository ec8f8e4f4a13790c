import type { WriteHistory } from '../data/vocabulary';
import type { EncodingThresholds } from './encodingThresholds';
import {
  allocatedSds,
  countOf,
  listpackBytes,
  intsetRequest,
  membersListpackRequest,
  longestMember,
  presizedForThreshold,
  type MemberGroup,
} from './collectionKey';
import {
  collectionTableBytes,
  NO_TABLE,
  tableAsWritten,
  tableGeometry,
  tableHistory,
  type TableGeometry,
  type TableHistory,
} from './collectionTables';
import { expectedCollidingMembers } from './tables';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './allocator';
import { DICT_ENTRY_BYTES, DICT_ENTRY_NO_VALUE_BYTES } from './structs';

/**
 * A set's payload with what the thresholds decide worked out. Lines differ only in whether a
 * small set of strings can be a listpack (Redis 7.0: no), so both outcomes are kept.
 */
export interface PreparedSet {
  members: readonly MemberGroup[];
  n: number;
  /** Bytes requested for the intset; 0 when the set is not one. */
  intsetRequest: number;
  /** Bytes requested for the listpack on lines with set listpacks; 0 when the set does not fit one. */
  listpackRequest: number;
  /** The table, grown one member per command, on lines with set listpacks (presized at the listpack threshold it crossed). */
  table: TableGeometry;
  /** The table, grown one member per command, on lines without set listpacks. */
  tableWithoutListpack: TableGeometry;
  /** The table a load or one SADD of every member leaves. */
  history: TableHistory;
  /** 7.2+ dict: expected members that collide in a slot and need a {key, next} entry. */
  collidingMembers: number;
}

function allIntegers(members: readonly MemberGroup[]): boolean {
  for (const m of members) if (m.member.kind !== 'int') return false;
  return true;
}

export function prepareSet(
  members: readonly MemberGroup[],
  t: EncodingThresholds,
  written: WriteHistory = 'one-per-command',
  compactBytes?: number,
): PreparedSet {
  const n = countOf(members);
  const integers = allIntegers(members);
  // A set of integers written one member at a time leaves its intset for a table
  // (maybeConvertIntset), never a listpack: only one SADD of more integers than an intset holds
  // and no more than a listpack does makes a listpack of them (setTypeCreate; only where
  // set-max-intset-entries is set below set-max-listpack-entries). A load makes a table of them.
  const listpackOfIntegers = integers && written === 'whole-collection';
  const fitsListpack =
    (!integers || listpackOfIntegers) && n <= t.setMaxListpackEntries && longestMember(members) <= t.setMaxListpackValue;
  const intset = integers && n <= t.setMaxIntsetEntries;
  if (intset) {
    return {
      members,
      n,
      intsetRequest: compactBytes ?? intsetRequest(members, n),
      listpackRequest: 0,
      table: NO_TABLE,
      tableWithoutListpack: NO_TABLE,
      history: tableHistory(0, 'one-per-command', false),
      collidingMembers: 0,
    };
  }
  const presizedFor = presizedForThreshold(n, integers ? t.setMaxIntsetEntries : t.setMaxListpackEntries);
  const presizedWithoutListpack = presizedForThreshold(n, integers ? t.setMaxIntsetEntries : 0);
  const table = tableGeometry(n, presizedFor);
  return {
    members,
    n,
    intsetRequest: 0,
    listpackRequest: fitsListpack ? (compactBytes ?? membersListpackRequest(members)) : 0,
    table,
    tableWithoutListpack: presizedWithoutListpack === presizedFor ? table : tableGeometry(n, presizedWithoutListpack),
    // setTypeCreate makes the table for an SADD of more members than the small encoding holds
    // (presizedFor > 0); fewer, too long for a listpack, convert one by one as they arrive.
    history: tableHistory(n, written, presizedFor > 0),
    collidingMembers: expectedCollidingMembers(n, table.dictSlots),
  };
}

export function setPayloadBytes(ctx: BuildContext, set: PreparedSet, into: Parts): number {
  if (set.intsetRequest > 0) return into.part('intset', allocated(ctx, set.intsetRequest));
  const layout = ctx.layout;
  if (layout.setListpack && set.listpackRequest > 0) return listpackBytes(ctx, set.listpackRequest, 'set listpack', into);
  let bytes = 0;
  for (const m of set.members) bytes += into.part('set member sds', m.count * allocatedSds(ctx, m.member));
  if (layout.collectionTables === 'dict') {
    bytes += layout.setKeyOnlyEntries
      ? into.part(
          'set dictEntry (key, next) for collisions (expected)',
          set.collidingMembers * allocated(ctx, DICT_ENTRY_NO_VALUE_BYTES),
        )
      : into.part('set dictEntry', set.n * allocated(ctx, DICT_ENTRY_BYTES));
  }
  const table = tableAsWritten(layout, layout.setListpack ? set.table : set.tableWithoutListpack, set.history);
  return bytes + collectionTableBytes(ctx, table, 'set', into, undefined, layout.collectionDictStructBytes.set);
}
