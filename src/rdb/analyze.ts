import { LINES, type LineId } from '../model';
import type { Scenario } from '../scenario/schema';
import {
  DEFAULT_FAMILY_OPTIONS,
  FamilyBuilder,
  summarizeFamily,
  type FamilyKey,
  type FamilyOptions,
  type FamilyStats,
  type FamilySummary,
} from './families';
import { RdbReader, type RdbError } from './reader';
import { KEY_TYPES, keyText, keyTypeIndex, type KeyRecord, type KeyType, type RdbFileFacts } from './records';
import { scenarioFromFamilies } from './scenario';
import { countTtl, emptyTtlSummary, LargestKeys, type LargeKey, type TtlSummary } from './opsSummary';
import { clusterMarkOf } from './clusterMark';
import { loadRefusals, loadRefusalsText, type LoadRefusal } from './loadability';
import { reconcileUsedMem, type UsedMemReconciliation } from './reconcile';
import {
  DEFAULT_SIZING,
  RdbSizer,
  sameVariant,
  type LineSizing,
  type ShapeMemoSizes,
  type SizingOptions,
  type SizingVariant,
} from './sizing';

export interface RdbAnalysisOptions {
  families: FamilyOptions;
  sizing: SizingOptions;
  /** The file's size when known (lengths beyond it are rejected at once; progress can be shown). */
  fileSize?: number;
  /** The name the scenario gets. */
  name: string;
  /** Price every allocator and cluster mode too (SIZING_VARIANTS), for a page whose settings can change after the read. */
  everyVariant?: boolean;
  /** How many priced shapes the sizer remembers (the figures are the same with any). */
  memoSizes?: ShapeMemoSizes;
  /** How many of the largest keys to list (default DEFAULT_TOP_KEYS). */
  topKeys?: number;
}

export const DEFAULT_TOP_KEYS = 10;

export const DEFAULT_ANALYSIS_OPTIONS: RdbAnalysisOptions = {
  families: DEFAULT_FAMILY_OPTIONS,
  sizing: DEFAULT_SIZING,
  name: 'RDB file',
};

/** The server that wrote the file, from its aux fields, and the planner's line for it. */
export interface FileWriter {
  server: 'valkey' | 'redis';
  version: string;
  /** null when the planner has no line for that version. */
  line: LineId | null;
}

export function writerOf(aux: ReadonlyArray<{ name: string; value: string }>): FileWriter | null {
  const field = (name: string) => aux.find((a) => a.name === name)?.value;
  const valkey = field('valkey-ver');
  if (valkey !== undefined) {
    const line = /^(\d+\.\d+)/.exec(valkey)?.[1];
    return { server: 'valkey', version: valkey, line: line && LINES.ids.includes(line as LineId) ? (line as LineId) : null };
  }
  const redis = field('redis-ver');
  if (redis !== undefined) {
    const line = `redis-${/^(\d+\.\d+)/.exec(redis)?.[1]}`;
    return { server: 'redis', version: redis, line: LINES.ids.includes(line as LineId) ? (line as LineId) : null };
  }
  return null;
}

export type { UsedMemHolder, UsedMemPart, UsedMemPartKind, UsedMemReconciliation } from './reconcile';

export interface FamilyResult extends FamilySummary {
  /** The family's bytes on each line, its keys plus its share of the keyspace tables (planned types only). */
  bytesPerLine: Record<LineId, number>;
}

/** The figures of one sizing variant: each line, each family (in the order of `families`), the reconciliation. */
export interface VariantFigures extends SizingVariant {
  lines: LineSizing[];
  familyBytes: Array<Record<LineId, number>>;
  reconciliation: UsedMemReconciliation | null;
}

/** A stream or module value: read and counted, not sized; the page and the command word it. */
export interface UnplannedKey {
  key: string;
  type: KeyType;
  /** A stream's entries. */
  entries?: number;
  /** A module value's module name. */
  module?: string;
  fileBytes: number;
}

export interface RdbAnalysis {
  /** The file's name (as the read was asked to call it). */
  name: string;
  /** 'partial' when the file could not be read to its end: every figure covers only what was read. */
  status: 'complete' | 'partial';
  error: { message: string; offset: number; keysRead: number } | null;
  bytesRead: number;
  file: RdbFileFacts & { writer: FileWriter | null };
  keys: {
    total: number;
    planned: number;
    byType: Partial<Record<KeyType, number>>;
    /** Keys whose expiry was before the file's creation time (a primary drops them on load). */
    expiredAtSave: number;
    /** Keys in families past the tracking limit, counted in "(other)". */
    inOtherFamilies: number;
    /** Streams and module values, by name (the first few): read and counted, not sized. */
    unplanned: UnplannedKey[];
  };
  /** The figures of the sizing options the read was asked for (variants[0]). */
  lines: LineSizing[];
  families: FamilyResult[];
  reconciliation: UsedMemReconciliation | null;
  /** The sizing options of the read; with everyVariant, the figures of every variant are in `variants`. */
  sizing: SizingOptions;
  variants: VariantFigures[];
  /** Lines whose server does not load a file of this format (their figures are not for this file). */
  loadRefusals: LoadRefusal[];
  /** Hashes with fields that have their own TTL, and the lines that price them without those TTLs; null when none. */
  fieldTtlHashes: { keys: number; unpricedOn: LineId[] } | null;
  scenario: Scenario | null;
  scenarioProblem: string | null;
  /** What the reader should know about the figures (in English, for the command line). */
  notes: string[];
  /** The largest keys of the file (planned types), largest first on the newest line. */
  topKeys: LargeKey[];
  /** How many keys expire when. */
  ttl: TtlSummary;
}

/** What a key without element groups gives the families. */
const NO_GROUPS: FamilyKey['elements'] = [];
const NO_PAIRS: FamilyKey['pairs'] = [];

/** Names of unplanned keys kept for the report. */
const UNPLANNED_NAMED = 50;

/**
 * Reads an RDB file given in chunks and sizes it: push() each chunk as it arrives, then
 * result(). Memory is bounded by the options (families, top keys), not by the file.
 */
export class RdbAnalyzer {
  private readonly reader: RdbReader;
  private readonly sizer: RdbSizer;
  private readonly families: FamilyBuilder;
  private readonly largest: LargestKeys;
  private readonly ttl = emptyTtlSummary();
  /** The build the largest keys are ranked on: the newest line's, as the families are. */
  private readonly rankingBuild: number;
  /** Keys per type (by KEY_TYPES index), and the types in the order first met: no keyed store per key. */
  private readonly keysOfType = new Float64Array(KEY_TYPES.length);
  private readonly typesInOrder: KeyType[] = [];
  private readonly unplanned: RdbAnalysis['keys']['unplanned'] = [];
  private expiredAtSave = 0;
  private total = 0;
  private ctimeMs: number | null | undefined = undefined;
  private readonly familyKey: FamilyKey = {
    keyBytes: new Uint8Array(0),
    keyFrom: 0,
    keyKept: 0,
    keyLength: 0,
    type: 'string',
    hasTtl: false,
    ttlSeconds: null,
    valueSize: 0,
    elements: [],
    pairs: [],
    allIntegers: false,
    volatileFields: 0,
    scoreEntryBytes: 0,
    onlyNodeBytes: 0,
    fileBytes: 0,
    bytesPerBuild: [],
  };

  constructor(readonly options: RdbAnalysisOptions = DEFAULT_ANALYSIS_OPTIONS) {
    this.sizer = new RdbSizer(options.sizing, options.everyVariant ?? false, options.memoSizes);
    const rankingLine = LINES.ids.indexOf(LINES.ids[LINES.ids.length - 1]!);
    this.rankingBuild = this.sizer.buildOfLine[rankingLine]!;
    this.families = new FamilyBuilder(options.families, this.sizer.builds.length, this.rankingBuild, options.sizing.thresholds);
    this.largest = new LargestKeys(options.topKeys ?? DEFAULT_TOP_KEYS);
    this.reader = new RdbReader(
      (record) => this.onKey(record),
      options.fileSize === undefined ? {} : { fileSize: options.fileSize },
    );
  }

  get bytesReceived(): number {
    return this.reader.bytesReceived;
  }

  push(chunk: Uint8Array): void {
    this.reader.push(chunk);
  }

  end(): void {
    this.reader.end();
  }

  /** Whether the reader has stopped (end of file or an error): further chunks are ignored. */
  get stopped(): boolean {
    return this.reader.complete || this.reader.error !== null;
  }

  private fileCtimeMs(): number | null {
    if (this.ctimeMs === undefined) {
      const ctime = this.reader.facts.aux.find((a) => a.name === 'ctime')?.value;
      this.ctimeMs = ctime !== undefined && /^\d+$/.test(ctime) ? Number(ctime) * 1000 : null;
    }
    return this.ctimeMs;
  }

  private onKey(record: KeyRecord): void {
    // The aux fields come before the keys: the writer's line is known at the first key.
    if (this.total === 0) {
      const line = writerOf(this.reader.facts.aux)?.line;
      if (line) this.sizer.priceWrittenOn(line);
    }
    const { planned, volatile } = this.sizer.add(record);
    const value = record.value;
    this.total++;
    const typeIndex = keyTypeIndex(value.type);
    if (this.keysOfType[typeIndex]!++ === 0) this.typesInOrder.push(value.type);
    const ctime = this.fileCtimeMs();
    const ttlSeconds = record.expireAtMs !== null && ctime !== null ? (record.expireAtMs - ctime) / 1000 : null;
    if (ttlSeconds !== null && ttlSeconds < 0) this.expiredAtSave++;
    if (!planned && this.unplanned.length < UNPLANNED_NAMED) {
      this.unplanned.push({
        key: keyText(record),
        type: value.type,
        ...(value.type === 'stream' && { entries: value.entries }),
        ...(value.type === 'module' && { module: value.module }),
        fileBytes: record.fileBytes,
      });
    }
    // One FamilyKey, filled afresh for each key with the reader's own groups: the families keep none of them.
    const k = this.familyKey;
    k.keyBytes = record.keyBytes;
    k.keyFrom = record.keyFrom;
    k.keyKept = record.keyKept;
    k.keyLength = record.keyLength;
    k.type = value.type;
    k.hasTtl = record.expireAtMs !== null;
    k.ttlSeconds = ttlSeconds;
    k.valueSize = 0;
    k.elements = NO_GROUPS;
    k.pairs = NO_PAIRS;
    k.allIntegers = false;
    k.volatileFields = volatile && value.type === 'hash' ? value.volatileFields : 0;
    k.scoreEntryBytes = value.type === 'zset' ? value.scoreEntryBytes : 0;
    k.onlyNodeBytes =
      value.type === 'list' && value.listpackNodeBytes.length === 1 && value.plainNodeBytes.length === 0
        ? value.listpackNodeBytes[0]!
        : 0;
    k.fileBytes = record.fileBytes;
    k.bytesPerBuild = this.sizer.lastKeyBytes;
    switch (value.type) {
      case 'string':
        k.valueSize = value.value.length;
        k.allIntegers = value.value.kind === 'int';
        break;
      case 'hash': {
        // The reader's own groups, read in place: nothing is copied per key.
        const pairs = value.pairs.pairs();
        let allIntegers = pairs.length > 0;
        for (let i = 0; i < pairs.length && allIntegers; i++) allIntegers = pairs[i]!.value.kind === 'int';
        k.valueSize = value.pairs.total;
        k.pairs = pairs;
        k.allIntegers = allIntegers;
        break;
      }
      case 'set':
      case 'zset':
      case 'list': {
        const tally = value.type === 'list' ? value.elements : value.members;
        const members = tally.members();
        let allIntegers = members.length > 0;
        for (let i = 0; i < members.length && allIntegers; i++) allIntegers = members[i]!.member.kind === 'int';
        k.valueSize = tally.total;
        k.elements = members;
        k.allIntegers = allIntegers;
        break;
      }
      case 'stream':
        k.valueSize = value.entries;
        break;
      case 'module':
        break;
    }
    countTtl(this.ttl, k.hasTtl, ttlSeconds);
    if (planned) {
      const bytes = this.sizer.lastKeyBytes[this.rankingBuild]!;
      if (this.largest.wouldKeep(bytes)) this.largest.add(bytes, this.largeKey(record, k.valueSize));
    }
    this.families.add(k);
  }

  /** The key just priced as an entry of the largest keys. */
  private largeKey(record: KeyRecord, size: number): LargeKey {
    const bytesPerLine = {} as Record<LineId, number>;
    const perBuild = this.sizer.lastKeyBytes;
    LINES.ids.forEach((line, i) => (bytesPerLine[line] = perBuild[this.sizer.buildOfLine[i]!]!));
    return { key: keyText(record), type: record.value.type, size, bytesPerLine, fileBytes: record.fileBytes };
  }

  result(): RdbAnalysis {
    const reader = this.reader;
    const error: RdbError | null = reader.error;
    const sizer = this.sizer;
    const linesOfVariant = sizer.variants.map((_, v) => sizer.lineSizings(v));
    const lineBytes = (f: FamilyStats, variant: number, i: number): number => {
      const s = linesOfVariant[variant]![i]!;
      const planned = f.type !== 'stream' && f.type !== 'module';
      if (!planned) return 0;
      return (
        f.bytesPerBuild[sizer.buildOfLineByVariant[variant]![i]!]! +
        f.keys * s.tableBytesPerKey +
        f.ttlKeys * s.tableBytesPerTtlKey +
        f.volatileKeys * s.tableBytesPerVolatileKey
      );
    };
    const lines = linesOfVariant[0]!;
    const stats = this.families.families((f) => lineBytes(f, 0, lines.length - 1));
    const bytesPerLine = (f: FamilyStats, variant: number) => {
      const out = {} as Record<LineId, number>;
      linesOfVariant[variant]!.forEach((s, i) => (out[s.line] = lineBytes(f, variant, i)));
      return out;
    };
    const families = stats.map((f): FamilyResult => ({ ...summarizeFamily(f), bytesPerLine: bytesPerLine(f, 0) }));
    const writer = writerOf(reader.facts.aux);
    const scenario = scenarioFromFamilies(stats, this.options.name);
    const status = reader.complete && reader.error === null ? 'complete' : 'partial';
    return {
      name: this.options.name,
      status,
      error: error
        ? { message: error.message, offset: error.offset, keysRead: error.keysRead }
        : status === 'partial'
          ? { message: 'the file was not read to its end', offset: reader.offset, keysRead: reader.keysRead }
          : null,
      bytesRead: reader.bytesReceived,
      file: { ...reader.facts, writer },
      keys: {
        total: this.total,
        planned: this.sizer.counts().keys,
        byType: Object.fromEntries(this.typesInOrder.map((t) => [t, this.keysOfType[keyTypeIndex(t)]!])) as Partial<
          Record<KeyType, number>
        >,
        expiredAtSave: this.expiredAtSave,
        inOtherFamilies: this.families.overflowKeys,
        unplanned: [...this.unplanned],
      },
      lines,
      families,
      reconciliation: this.reconciliation(writer, 0, lines),
      sizing: this.options.sizing,
      variants: sizer.variants.map((variant, v) => ({
        ...variant,
        lines: linesOfVariant[v]!,
        familyBytes: v === 0 ? families.map((f) => f.bytesPerLine) : stats.map((f) => bytesPerLine(f, v)),
        reconciliation: this.reconciliation(writer, v, linesOfVariant[v]!),
      })),
      loadRefusals: loadRefusals(reader.facts.magic, reader.facts.version),
      fieldTtlHashes: fieldTtlHashes(sizer.counts().volatileKeys),
      scenario: scenario.ok ? scenario.scenario : null,
      scenarioProblem: scenario.ok ? null : scenario.error,
      notes: this.notes(),
      topKeys: [...this.largest.keys],
      ttl: { ...this.ttl },
    };
  }

  /** The file's used-mem against the writer's line as priced on a variant. */
  private reconciliation(
    writer: FileWriter | null,
    variant: number,
    lines: readonly LineSizing[] = this.sizer.lineSizings(variant),
  ): UsedMemReconciliation | null {
    const sizer = this.sizer;
    return reconcileUsedMem(
      this.reader.facts,
      writer?.line
        ? {
            line: writer.line,
            variant: sizer.variants[variant]!,
            lines,
            collectionsWrittenLessLoaded: sizer.collectionsWrittenLessLoaded(variant),
            countsPerDb: sizer.countsPerDb(),
          }
        : null,
    );
  }

  private notes(): string[] {
    const facts = this.reader.facts;
    const notes: string[] = [];
    const writer = writerOf(facts.aux);
    const mark = clusterMarkOf(writer, facts.slotInfoRecords, this.total);
    const cluster = this.options.sizing.cluster;
    if (mark === 'cluster-node' && !cluster) {
      notes.push(
        'the file has slot-info records, so a cluster node wrote it: size it in cluster mode (--cluster) for its per-slot tables',
      );
    }
    if (mark === 'not-a-cluster-node' && cluster) {
      notes.push(
        `the file has no slot-info records, which ${writer!.server} ${writer!.version} writes as a cluster node: its writer was not one. ` +
          'It is sized in cluster mode as asked, with per-slot tables its writer did not have: the used-mem reconciliation is off by them',
      );
    }
    if (mark === 'unmarked' && cluster && writer !== null && this.total > 0) {
      notes.push(
        `${writer.server} ${writer.version} marks no file as a cluster node's: the used-mem reconciliation takes its writer for one, as --cluster says; ` +
          'if it was not, the per-slot tables make the model too high',
      );
    }
    const fieldTtls = fieldTtlHashes(this.sizer.counts().volatileKeys);
    if (fieldTtls) {
      notes.push(
        `${fieldTtls.keys} hashes have fields with their own TTL: ${listText(fieldTtls.unpricedOn.map((l) => LINES.entry(l).fullName))} price them as hashes without field TTLs (what the expiries cost is not counted)`,
      );
    }
    const refused = loadRefusalsText(loadRefusals(facts.magic, facts.version));
    if (refused !== null) notes.push(refused);
    if (this.expiredAtSave > 0) {
      notes.push(
        `${this.expiredAtSave} keys had expired when the file was saved: a primary drops them on load, and they are sized here`,
      );
    }
    if (this.families.overflowKeys > 0) {
      notes.push(
        `${this.families.overflowKeys} keys are in "(other)": their patterns came after the first ${this.options.families.maxTracked}`,
      );
    }
    return notes;
  }
}

/** Hashes with volatile fields, and the lines whose model prices them without their field TTLs. */
function fieldTtlHashes(keys: number): RdbAnalysis['fieldTtlHashes'] {
  if (keys === 0) return null;
  const unpricedOn = LINES.ids.filter((line) => !LINES.entry(line).layout.hashFieldExpiry);
  return unpricedOn.length > 0 ? { keys, unpricedOn } : null;
}

/** "a, b and c". */
function listText(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The analysis's figures for a variant of the page's settings, or null when the read did not price it. */
export function figuresFor(
  analysis: RdbAnalysis,
  variant: SizingVariant,
): { lines: LineSizing[]; families: FamilyResult[]; reconciliation: UsedMemReconciliation | null } | null {
  const figures = analysis.variants.find((v) => sameVariant(v, variant));
  if (!figures) return null;
  return {
    lines: figures.lines,
    families: analysis.families.map((f, i) => ({ ...f, bytesPerLine: figures.familyBytes[i]! })),
    reconciliation: figures.reconciliation,
  };
}
