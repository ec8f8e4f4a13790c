/**
 * The file's own used-mem (its writer's used_memory when it saved) taken apart against the model
 * of the writer's line: what the writes leave beyond a load (collections' tables mid-rehash, the
 * keyspace tables' last expansion), and what is left, with what the file says may hold it.
 */
import { emptyServer } from '../data/emptyServer';
import type { Allocator } from '../data/vocabulary';
import {
  allocated,
  layoutContext,
  type BuildContext,
  HASHTABLE_BUCKET_BYTES,
  HASHTABLE_SLOTS_PER_BUCKET,
  POINTER_BYTES,
  dictSlots,
  hashtableBuckets,
} from '../model/snapshotPricing';
import { LINES, type LineId } from '../model';
import type { RdbFileFacts } from './records';
import type { LineSizing, SizingVariant, TableCounts } from './sizing';

/**
 * A part of used-mem the reconciliation names, in bytes:
 * - collectionsAsWritten: the collections' tables as one element per command leaves them (grown,
 *   with the old table of an unfinished expansion) less as a load makes them;
 * - mainTableRehash / expiresTableRehash: the old table a keyspace (or expires) table keeps
 *   after its last expansion until the rehash has moved every slot. A load presizes both tables
 *   (RESIZEDB), so only writes leave one; the writes and the server cron finish it soon after.
 */
export type UsedMemPartKind = 'collectionsAsWritten' | 'mainTableRehash' | 'expiresTableRehash';

export interface UsedMemPart {
  kind: UsedMemPartKind;
  bytes: number;
  /** The old tables' slots (dict) or buckets (8.1+ hashtable) over every database; null for collections. */
  oldTableSize: number | null;
  oldTableUnit: 'slots' | 'buckets' | null;
}

/**
 * What else the file says its writer held, whose size the file does not give:
 * - replication: repl-id / repl-offset aux fields, written only by a primary with a replication
 *   backlog or by a replica (rdbPopulateSaveInfo): the backlog and the replicas' or primary's link;
 * - aofBase: aof-base is 1, the file is the base of an append-only file: the writer had AOF on.
 */
export type UsedMemHolder = 'replication' | 'aofBase';

/** The file's used-mem against the model of the writer's line. */
export interface UsedMemReconciliation {
  line: LineId;
  usedMemBytes: number;
  /** The empty process the planner subtracts (data/empty-server.json). */
  emptyServerBytes: number;
  /** usedMem less the empty process: what the keys (and whatever else the server held) took. */
  aboveEmptyBytes: number;
  /** The model of the writer's line as loaded: the snapshot's own figure for that line. */
  modelBytes: number;
  /** aboveEmpty less the model as loaded: positive when the server held more. */
  differenceBytes: number;
  differencePercent: number | null;
  /** The collections as written (one element per command) less as loaded; null when not priced. */
  collectionsWrittenLessLoadedBytes: number | null;
  /** The parts used-mem has room for, counted between the model as loaded and the remainder. */
  parts: UsedMemPart[];
  /** aboveEmpty less the model and the parts: what nothing the file shows explains. */
  remainderBytes: number;
  /** Of aboveEmpty; null when the keys take nothing. */
  remainderPercent: number | null;
  /** What the file says the writer also held (sizes unknown); empty when it says nothing. */
  remainderMayHold: UsedMemHolder[];
  /** Set when the line is priced on another allocator than its usual build's: the writer's likely was that one. */
  allocator: { priced: Allocator; writerUsual: Allocator } | null;
}

export interface WriterLineFigures {
  line: LineId;
  variant: SizingVariant;
  lines: readonly LineSizing[];
  /** RdbSizer.collectionsWrittenLessLoaded for the variant. */
  collectionsWrittenLessLoaded: number | null;
  /** Planned keys per database, when the file has no RESIZEDB hints. */
  countsPerDb: ReadonlyMap<number, Readonly<TableCounts>>;
}

/**
 * Parts smaller than this are not named: a client connection alone holds about as much (a 16 KiB
 * reply buffer and its query buffer), and the file does not say how many were connected.
 */
export const SMALLEST_NAMED_PART_BYTES = 64 * 1024;

export function reconcileUsedMem(facts: RdbFileFacts, writer: WriterLineFigures | null): UsedMemReconciliation | null {
  const usedMem = facts.aux.find((a) => a.name === 'used-mem')?.value;
  const line = writer?.line;
  const sizing = line ? writer.lines.find((l) => l.line === line) : undefined;
  // The file's used-mem includes its writer's empty process: only a line whose own server was
  // measured empty can be reconciled (Redis 8's is 160-220 KB below Redis 7.0's).
  const empty = emptyServer.byLine.servers.find((s) => s.line === line)?.usedMemoryBytes;
  if (usedMem === undefined || !/^\d+$/.test(usedMem) || !writer || !line || !sizing || empty === undefined) return null;
  const usedMemBytes = Number(usedMem);
  const aboveEmptyBytes = usedMemBytes - empty;
  const modelBytes = sizing.datasetBytes;
  const differenceBytes = aboveEmptyBytes - modelBytes;
  const entry = LINES.entry(line);
  const ctx = layoutContext(entry.layout, sizing.allocator, writer.variant.cluster);
  const candidates = [
    ...(writer.collectionsWrittenLessLoaded !== null
      ? [
          {
            kind: 'collectionsAsWritten' as const,
            bytes: writer.collectionsWrittenLessLoaded,
            oldTableSize: null,
            oldTableUnit: null,
          },
        ]
      : []),
    ...keyspaceRehashParts(ctx, tableCountsAtSave(facts, writer.countsPerDb)),
  ].filter((p) => Math.abs(p.bytes) >= SMALLEST_NAMED_PART_BYTES);
  // Whether the writer's tables were as its writes left them or already settled (a load, the
  // cron's rehash) is not in the file: the parts counted are those whose sum brings the remainder
  // nearest zero, of every choice of them (at most three parts: eight choices), fewest on a tie.
  let parts: UsedMemPart[] = [];
  let remainderBytes = differenceBytes;
  for (let choice = 1; choice < 1 << candidates.length; choice++) {
    const chosen = candidates.filter((_, i) => choice & (1 << i));
    const left = chosen.reduce((r, p) => r - p.bytes, differenceBytes);
    const nearer = Math.abs(left) < Math.abs(remainderBytes);
    if (nearer || (Math.abs(left) === Math.abs(remainderBytes) && chosen.length < parts.length)) {
      parts = chosen;
      remainderBytes = left;
    }
  }
  const usual = entry.release.usualAllocator;
  return {
    line,
    usedMemBytes,
    emptyServerBytes: empty,
    aboveEmptyBytes,
    modelBytes,
    differenceBytes,
    differencePercent: modelBytes > 0 ? (differenceBytes / modelBytes) * 100 : null,
    collectionsWrittenLessLoadedBytes: writer.collectionsWrittenLessLoaded,
    parts,
    remainderBytes,
    remainderPercent: aboveEmptyBytes > 0 ? (remainderBytes / aboveEmptyBytes) * 100 : null,
    remainderMayHold: holdersOf(facts),
    allocator: sizing.allocator === usual ? null : { priced: sizing.allocator, writerUsual: usual },
  };
}

/** Keys and keys with a TTL per database at the save: the RESIZEDB hints (the writer's own counts), else the keys read. */
function tableCountsAtSave(
  facts: RdbFileFacts,
  countsPerDb: ReadonlyMap<number, Readonly<TableCounts>>,
): Array<{ keys: number; expires: number }> {
  if (facts.resizeHints.length > 0) return facts.resizeHints.map((h) => ({ keys: h.keys, expires: h.expires }));
  return [...countsPerDb.values()].map((c) => ({ keys: c.keys, expires: c.ttlKeys }));
}

/** The main and expires tables' old tables that writes could have left held, summed over the databases. */
function keyspaceRehashParts(ctx: BuildContext, dbs: ReadonlyArray<{ keys: number; expires: number }>): UsedMemPart[] {
  // A table per hash slot (8.0+ cluster mode) holds a few keys: its expansions finish at once.
  if (ctx.cluster && ctx.layout.clusterPerSlotTables) return [];
  const unit = ctx.layout.keyspace === 'dict' ? 'slots' : 'buckets';
  const parts: UsedMemPart[] = [];
  for (const [kind, count] of [
    ['mainTableRehash', (db: { keys: number }) => db.keys],
    ['expiresTableRehash', (db: { expires: number }) => db.expires],
  ] as const) {
    let size = 0;
    let bytes = 0;
    for (const db of dbs) {
      const old = heldOldTable(ctx, count(db));
      size += old.size;
      bytes += old.bytes;
    }
    if (bytes > 0) parts.push({ kind, bytes, oldTableSize: size, oldTableUnit: unit });
  }
  return parts;
}

/**
 * The old table a keyspace table of n keys can still hold from its last expansion: half its
 * size. Each insert since the expansion takes a rehash step that moves at least one non-empty
 * slot (bucket) of the old table, so once more keys came after the expansion than the old table
 * had non-empty slots, the writes alone finished it: no old table is left to name.
 */
export function heldOldTable(ctx: BuildContext, n: number): { size: number; bytes: number } {
  const none = { size: 0, bytes: 0 };
  if (n <= 0) return none;
  if (ctx.layout.keyspace === 'dict') {
    const old = dictSlots(n, ctx.layout.cronGrowsFullKeyspaceTables) / 2;
    // A dict grows when used reaches its size: at the expansion the old table was full (load 1).
    if (old < 4 || n - old >= old * (1 - Math.exp(-1))) return none;
    return { size: old, bytes: allocated(ctx, old * POINTER_BYTES) };
  }
  const old = hashtableBuckets(n) / 2;
  const perBucket = HASHTABLE_SLOTS_PER_BUCKET;
  if (old < 1 || n - old * perBucket >= old * (1 - Math.exp(-perBucket))) return none;
  return { size: old, bytes: allocated(ctx, old * HASHTABLE_BUCKET_BYTES) };
}

function holdersOf(facts: RdbFileFacts): UsedMemHolder[] {
  const aux = (name: string) => facts.aux.find((a) => a.name === name)?.value;
  const holders: UsedMemHolder[] = [];
  if (aux('repl-id') !== undefined || aux('repl-offset') !== undefined) holders.push('replication');
  if (aux('aof-base') === '1') holders.push('aofBase');
  return holders;
}
