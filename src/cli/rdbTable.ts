/**
 * The rdb command's tables for people: one snapshot (formatRdbTable) or a cluster's
 * (formatClusterTable). Text from the file goes through printable (line) in every cell.
 */
import { formatCount } from '../format/count';
import { formatBytes, formatSignedPercent } from '../format/quantities';
import type { LineId } from '../model';
import type {
  FamilyResult,
  RdbAnalysis,
  UsedMemHolder,
  UsedMemPart,
  UsedMemPartKind,
  UsedMemReconciliation,
  UnplannedKey,
} from '../rdb/analyze';
import type { RdbClusterAnalysis } from '../rdb/merge';
import { TTL_BUCKETS, type LargeKey, type TtlSummary } from '../rdb/opsSummary';
import { printable } from './terminalText';

export function pad(rows: string[][], leftColumns: number): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c < leftColumns ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const percent = (share: number) => `${(share * 100).toFixed(0)} %`;

/** Text from the input in one line of the table: it cannot break the line or start one of its own. */
export const line = (text: string) => printable(text, true);

/** The families, largest first, with their bytes on the first and last lines. */
function familyTable(families: readonly FamilyResult[], first: LineId | undefined, last: LineId | undefined): string {
  const fam: string[][] = [
    [
      'family',
      'type',
      'keys',
      'TTL',
      'key B',
      'value B / elements',
      ...(first ? [first] : []),
      ...(last ? [last] : []),
      'saving',
    ],
  ];
  for (const x of families) {
    const from = first ? x.bytesPerLine[first] : 0;
    const to = last ? x.bytesPerLine[last] : 0;
    const size =
      x.type === 'string' ? x.valueSize.mean.toFixed(0) : `${x.valueSize.mean.toFixed(1)} x ${x.elementSize.mean.toFixed(0)} B`;
    fam.push([
      // The empty key name ("" is a key) as its quoted text, not a blank cell.
      x.pattern === '' ? '""' : line(x.pattern),
      x.type,
      formatCount(x.keys),
      percent(x.ttlShare),
      x.keyLength.mean.toFixed(0),
      size,
      formatBytes(from),
      formatBytes(to),
      from > 0 ? `${(((from - to) / from) * 100).toFixed(1)} %` : '-',
    ]);
  }
  return pad(fam, 2);
}

/** The analysis for people: the file, the RAM per line, the families, the reconciliation. */
export function formatRdbTable(file: string, a: RdbAnalysis): string {
  const out: string[] = [];
  const f = a.file;
  const writer = f.writer
    ? `${f.writer.server} ${line(f.writer.version)}${f.writer.line ? ` (line ${f.writer.line})` : ' (no planner line)'}`
    : 'unknown server';
  out.push(
    `${line(file)}: ${f.magic ?? '?'} RDB ${f.version ?? '?'}, written by ${writer}, ${formatCount(a.bytesRead)} bytes read, checksum ${f.checksum?.status ?? 'not read'}`,
  );
  if (a.status === 'partial')
    out.push(`PARTIAL: ${line(a.error?.message ?? 'not read to its end')}; every figure below covers only what was read`);
  const types = Object.entries(a.keys.byType)
    .map(([t, n]) => `${t} ${formatCount(n)}`)
    .join(', ');
  out.push(
    `keys: ${formatCount(a.keys.total)} (${types}); sized: ${formatCount(a.keys.planned)}${a.keys.expiredAtSave ? `; already expired when saved: ${formatCount(a.keys.expiredAtSave)}` : ''}`,
  );
  const unplannedDetail = (u: UnplannedKey) =>
    u.entries !== undefined ? `, ${formatCount(u.entries)} entries` : u.module !== undefined ? `, module ${line(u.module)}` : '';
  for (const u of a.keys.unplanned)
    out.push(`  not sized: ${line(u.key)} (${u.type}${unplannedDetail(u)}, ${formatCount(u.fileBytes)} bytes in the file)`);
  if (f.moduleAux.length)
    out.push(`module data: ${f.moduleAux.map((m) => `${line(m.module)} (${formatCount(m.bytes)} bytes)`).join(', ')}`);
  if (f.functionLibraries) out.push(`function libraries: ${f.functionLibraries} (${formatCount(f.functionBytes)} bytes of code)`);
  out.push('');
  const lines: string[][] = [['line', 'allocator', 'keys', 'tables', 'dataset', 'bytes/key']];
  for (const l of a.lines) {
    lines.push([
      l.line,
      l.allocator,
      formatBytes(l.keyBytes),
      formatBytes(l.tableBytes),
      formatBytes(l.datasetBytes),
      a.keys.planned ? (l.datasetBytes / a.keys.planned).toFixed(1) : '-',
    ]);
  }
  out.push(pad(lines, 2));
  out.push('');
  out.push(familyTable(a.families, a.lines[0]?.line, a.lines[a.lines.length - 1]?.line));
  out.push(...opsSections(a.topKeys, a.ttl, a.lines[0]?.line, a.lines[a.lines.length - 1]?.line));
  if (a.reconciliation) out.push('', ...reconciliationLines(a.reconciliation));
  if (a.scenarioProblem) out.push(`no scenario: ${line(a.scenarioProblem)}`);
  for (const note of a.notes) out.push(`note: ${line(note)}`);
  return out.join('\n') + '\n';
}

const PART_TEXT: Record<UsedMemPartKind, (p: UsedMemPart) => string> = {
  collectionsAsWritten: () => 'collections as writes of one element each leave them, beyond a load (tables mid-rehash)',
  mainTableRehash: (p) =>
    `main table's old table of ${formatCount(p.oldTableSize ?? 0)} ${p.oldTableUnit}, held until its rehash ends`,
  expiresTableRehash: (p) =>
    `expires table's old table of ${formatCount(p.oldTableSize ?? 0)} ${p.oldTableUnit}, held until its rehash ends`,
};

const HOLDER_TEXT: Record<UsedMemHolder, string> = {
  replication:
    'the file has repl-id/repl-offset: its writer also held a replication backlog and replica or primary links (size not in the file)',
  aofBase: 'the file is an AOF base: its writer also held an AOF buffer (size not in the file)',
};

const signedBytes = (n: number) => (n < 0 ? `-${formatBytes(-n)}` : `+${formatBytes(n)}`);
/** As the page words a reconciliation's percentages: two places, so that a remainder of −0.02 % is not 0.0 %. */
const signedPercent = (p: number | null) => (p === null ? '-' : formatSignedPercent(p, 'en', 2));

/** The file's used-mem taken apart against the writer's line: the model as loaded, the parts named, the rest. */
export function reconciliationLines(r: UsedMemReconciliation): string[] {
  const out = [
    `used-mem in the file: ${formatBytes(r.usedMemBytes)}; less the empty process (${formatBytes(r.emptyServerBytes)}): ${formatBytes(r.aboveEmptyBytes)}`,
    `  model of line ${r.line} as loaded: ${formatBytes(r.modelBytes)} (used-mem above it: ${signedBytes(r.differenceBytes)}, ${signedPercent(r.differencePercent)})`,
    ...r.parts.map((p) => `  ${signedBytes(p.bytes)}  ${PART_TEXT[p.kind](p)}`),
    `  unexplained: ${signedBytes(r.remainderBytes)} (${signedPercent(r.remainderPercent)} of used-mem above the empty process)`,
  ];
  if (r.parts.length > 0)
    out.push('  (the file does not say whether the writer still held these: each is counted because used-mem has room for it)');
  if (r.remainderMayHold.length === 0)
    out.push('  nothing in the file says what else the writer held (no replication or AOF fields)');
  for (const holder of r.remainderMayHold) out.push(`  ${HOLDER_TEXT[holder]}`);
  if (r.allocator)
    out.push(
      `  priced with ${r.allocator.priced}, not ${r.allocator.writerUsual}, the usual build of ${r.line}: a writer of that build follows its size classes`,
    );
  return out;
}

/** The largest keys and when the keys expire: lines to add after the families. */
function opsSections(
  keys: ReadonlyArray<LargeKey & { shard?: string }>,
  ttl: TtlSummary,
  first: LineId | undefined,
  last: LineId | undefined,
): string[] {
  const out: string[] = [''];
  const total = TTL_BUCKETS.reduce((n, bucket) => n + ttl[bucket], 0);
  const share = (n: number) => (total > 0 ? ` (${((n / total) * 100).toFixed(1)} %)` : '');
  const shown: Array<[string, number]> = [
    ['no TTL', ttl.noTtl],
    ['expired at save', ttl.expired],
    ['within 1 h', ttl.withinHour],
    ['1 h-1 d', ttl.withinDay],
    ['1-7 d', ttl.withinWeek],
    ['7-30 d', ttl.withinMonth],
    ['later', ttl.later],
    ['TTL, file has no time', ttl.unknown],
  ];
  out.push(
    `TTL: ${shown
      .filter(([label, n]) => n > 0 || label === 'no TTL')
      .map(([label, n]) => `${label} ${formatCount(n)}${share(n)}`)
      .join(', ')}`,
  );
  if (keys.length === 0) return out;
  out.push('');
  const shards = keys.some((k) => k.shard !== undefined);
  const rows: string[][] = [
    [
      'largest keys',
      ...(shards ? ['shard'] : []),
      'type',
      'elements / bytes',
      ...(first ? [first] : []),
      ...(last ? [last] : []),
    ],
  ];
  for (const k of keys) {
    rows.push([
      k.key === '' ? '""' : line(k.key),
      ...(shards ? [line(k.shard ?? '')] : []),
      k.type,
      k.type === 'string' ? `${formatCount(k.size)} B` : formatCount(k.size),
      ...(first ? [formatBytes(k.bytesPerLine[first] ?? 0)] : []),
      ...(last ? [formatBytes(k.bytesPerLine[last] ?? 0)] : []),
    ]);
  }
  out.push(pad(rows, shards ? 3 : 2));
  return out;
}

/** A cluster's snapshots: each shard, the cluster per line with the largest shard, the families of all. */
export function formatClusterTable(c: RdbClusterAnalysis): string {
  const out: string[] = [];
  const types = Object.entries(c.keys.byType)
    .map(([t, n]) => `${t} ${formatCount(n)}`)
    .join(', ');
  out.push(
    `cluster of ${formatCount(c.shards.length)} snapshots: ${formatCount(c.keys.total)} keys (${types}); sized: ${formatCount(c.keys.planned)}`,
  );
  const partial = c.shards.filter((s) => s.status === 'partial');
  if (partial.length > 0)
    out.push(
      `PARTIAL: ${partial.map((s) => line(s.name)).join(', ')} not read to the end; every figure below covers only what was read`,
    );
  out.push('');
  const first = c.lines[0]?.line;
  const last = c.lines[c.lines.length - 1]?.line;
  const shards: string[][] = [['shard', 'written by', 'keys', ...(first ? [first] : []), ...(last ? [last] : []), 'status']];
  for (const s of c.shards) {
    shards.push([
      line(s.name),
      s.writer ? `${s.writer.server} ${line(s.writer.version)}` : 'unknown',
      formatCount(s.keys),
      ...(first ? [formatBytes(s.datasetBytes[first] ?? 0)] : []),
      ...(last ? [formatBytes(s.datasetBytes[last] ?? 0)] : []),
      s.status,
    ]);
  }
  out.push(pad(shards, 2));
  out.push('');
  if (c.largest) {
    const sign = c.largest.skewPercent >= 0 ? '+' : '';
    out.push(
      `largest shard: ${line(c.largest.shard)}, ${formatBytes(c.largest.datasetBytes)} on ${last}, ${sign}${c.largest.skewPercent.toFixed(1)} % against the mean shard; each node is sized for it`,
    );
    out.push('');
  }
  const lines: string[][] = [['line', 'cluster', 'mean shard', 'largest shard (per node)']];
  for (const l of c.lines) lines.push([l.line, formatBytes(l.totalBytes), formatBytes(l.meanBytes), formatBytes(l.largestBytes)]);
  out.push(pad(lines, 1));
  out.push('');
  out.push(familyTable(c.families, first, last));
  out.push(...opsSections(c.topKeys, c.ttl, first, last));
  if (c.scenarioProblem) out.push(`no scenario: ${line(c.scenarioProblem)}`);
  return out.join('\n') + '\n';
}
