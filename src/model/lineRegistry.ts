/**
 * The release lines the planner knows: everything of a line is its entry here.
 *
 * Adding a line takes:
 * 1. its layout in lines.ts: a predecessor's where nothing the model prices changed, else a new
 *    `LineLayout` (with a field and the code that reads it for what is new, and struct sizes in
 *    structs.ts citing the source);
 * 2. one entry in LINE_ENTRIES below, in release order: id ("9.2", "redis-8.0": major.minor, as
 *    pasted INFO finds its line), label, full name, family, layout, release facts (their English
 *    lives here only), colour, and the Percona measurement if data/percona-string-benchmark.json
 *    has one;
 * 3. the translations of its two texts in every catalog but English: `line.<id>.memoryChange`
 *    and `line.<id>.checkedAgainst` (test/i18n/catalogs.test.ts lists what is missing).
 * The schema, links, defaults, picker, tables, charts, colours, header and CLI derive from it;
 * test/lines/addLine.test.ts adds a line this way and renders the app with it.
 */
import type { StringBenchmarkRow } from '../data/schemas';
import { stringBenchmark } from '../data/stringBenchmark';
import type { Allocator } from '../data/vocabulary';
import {
  REDIS_70_LAYOUT,
  REDIS_80_LAYOUT,
  REDIS_86_LAYOUT,
  V72_LAYOUT,
  V80_LAYOUT,
  V81_LAYOUT,
  V90_LAYOUT,
  V91_LAYOUT,
  type LineLayout,
} from './lines';

export type LineFamily = 'valkey' | 'redis';

/** One release line: everything the planner knows about it. */
export interface LineEntry<Id extends string = string> {
  /** As written in scenarios, links, CLI output and data files; never renamed once released. */
  id: Id;
  /** On axes and in tables. Valkey lines go by their number alone, the app being about Valkey. */
  label: string;
  /** In sentences: "Valkey 8.1", "Redis 7.0". */
  fullName: string;
  family: LineFamily;
  layout: LineLayout;
  release: ReleaseFacts;
  /** Percona's string benchmark on this line, where it measured one. */
  measurement?: StringBenchmarkRow;
  /** Its colour wherever lines are drawn side by side. */
  color: string;
}

/** Its two texts are English; the other languages translate them in their catalogs (src/ui/common/lineTexts.ts). */
export interface ReleaseFacts {
  /** What the line changed in memory, against the line before it. */
  memoryChange: string;
  /** What its layout was checked against. */
  checkedAgainst: string;
  /** The allocator of the builds most installations run: a line's default when the scenario names none. */
  usualAllocator: Allocator;
  /** Compared when a scenario names no versions. Lines to migrate from are chosen, not shown unasked. */
  comparedByDefault: boolean;
}

function measured(id: string): StringBenchmarkRow {
  const row = stringBenchmark.rows.find((r) => r.version === id);
  if (!row) throw new Error(`percona-string-benchmark.json has no row for line ${id}`);
  return row;
}

const PERCONA = "Percona's string benchmark, within 1.2 bytes per key";

/** Every line, in the order they are listed: Redis lines to migrate from, then Valkey's, oldest first. */
export const LINE_ENTRIES = [
  {
    id: 'redis-7.0',
    label: 'Redis 7.0',
    fullName: 'Redis 7.0',
    family: 'redis',
    layout: REDIS_70_LAYOUT,
    release: {
      memoryChange:
        'Keys, strings, hashes and sorted sets as in 7.2; small sets are hashtables (no set listpack), every list is a quicklist, set entries keep a value pointer.',
      checkedAgainst: "Debian's redis-server 7.0.15, live (npm run validate: 54 cases)",
      usualAllocator: 'jemalloc-system',
      comparedByDefault: false,
    },
    color: '#b03a2e',
  },
  {
    id: 'redis-7.2',
    label: 'Redis 7.2',
    fullName: 'Redis 7.2',
    family: 'redis',
    layout: V72_LAYOUT,
    release: {
      memoryChange:
        'The same layout as Valkey 7.2, which was forked from Redis 7.2.4: every structure the model counts is the same, so are its numbers.',
      checkedAgainst: 'Valkey 7.2, whose layout it shares',
      usualAllocator: 'jemalloc-bundled',
      comparedByDefault: false,
    },
    color: '#e08e79',
  },
  {
    id: 'redis-8.0',
    label: 'Redis 8.0',
    fullName: 'Redis 8.0',
    family: 'redis',
    layout: REDIS_80_LAYOUT,
    release: {
      memoryChange:
        "Keys, strings and collections as in 7.2, with 7.4's keyspace: a dict per cluster slot, created with its first key and carrying a 2.4 KB key-size histogram, and grown by the cron once full. A hash field with its own TTL: a 10-byte entry in a listpack (2 bytes for each field without), a 16-byte ExpireMeta on a field of a table; the database indexes such hashes by expiry.",
      checkedAgainst: 'Redis 8.0.6 built from source with its bundled jemalloc, live (npm run validate)',
      usualAllocator: 'jemalloc-system',
      comparedByDefault: false,
    },
    color: '#922b21',
  },
  {
    id: 'redis-8.6',
    label: 'Redis 8.6',
    fullName: 'Redis 8.6',
    family: 'redis',
    layout: REDIS_86_LAYOUT,
    release: {
      memoryChange:
        "The key lives inside its value object, the expiry before it, and both keyspace dicts hold object pointers alone; a hash field and its value share one allocation; sorted-set members live inside skiplist nodes. A hash field with its own TTL: as in 8.0, its ExpireMeta in front of the field's entry.",
      checkedAgainst: 'Redis 8.6.3 built from source with its bundled jemalloc, live (npm run validate)',
      usualAllocator: 'jemalloc-bundled',
      comparedByDefault: false,
    },
    color: '#cd6155',
  },
  {
    id: '7.2',
    label: '7.2',
    fullName: 'Valkey 7.2',
    family: 'valkey',
    layout: V72_LAYOUT,
    release: {
      memoryChange: 'The fork of Redis 7.2.4: a dict of 24-byte entries, the key in its own sds string.',
      checkedAgainst: PERCONA,
      usualAllocator: 'jemalloc-bundled',
      comparedByDefault: true,
    },
    measurement: measured('7.2'),
    color: '#7a8799',
  },
  {
    id: '8.0',
    label: '8.0',
    fullName: 'Valkey 8.0',
    family: 'valkey',
    layout: V80_LAYOUT,
    release: {
      memoryChange: 'The key is embedded in its dict entry: one allocation instead of two.',
      checkedAgainst:
        "Valkey 8.0.1 built from the repository, live (npm run validate -- --server=valkey-8.0.1, replayed offline), and Percona's string benchmark, within 1.2 bytes per key",
      usualAllocator: 'jemalloc-bundled',
      comparedByDefault: true,
    },
    measurement: measured('8.0'),
    color: '#9b59b6',
  },
  {
    id: '8.1',
    label: '8.1',
    fullName: 'Valkey 8.1',
    family: 'valkey',
    layout: V81_LAYOUT,
    release: {
      memoryChange: 'A hashtable of 64-byte buckets replaces the dict; key and expire live inside the value object.',
      checkedAgainst: PERCONA,
      usualAllocator: 'jemalloc-bundled',
      comparedByDefault: true,
    },
    measurement: measured('8.1'),
    color: '#2f6db5',
  },
  {
    id: '9.0',
    label: '9.0',
    fullName: 'Valkey 9.0',
    family: 'valkey',
    layout: V90_LAYOUT,
    release: {
      memoryChange:
        "Keys, strings and collections as in 8.1; hash fields can carry their own TTL (HSETEX, HEXPIRE), which moves such a hash to a hashtable and adds each field's expiry.",
      checkedAgainst: PERCONA,
      usualAllocator: 'jemalloc-bundled',
      comparedByDefault: true,
    },
    measurement: measured('9.0'),
    color: '#17a2b8',
  },
  {
    id: '9.1',
    label: '9.1',
    fullName: 'Valkey 9.1',
    family: 'valkey',
    layout: V91_LAYOUT,
    release: {
      memoryChange: 'Short string values overwrite the object pointer; sorted-set members live inside skiplist nodes.',
      checkedAgainst: PERCONA,
      usualAllocator: 'jemalloc-bundled',
      comparedByDefault: true,
    },
    measurement: measured('9.1'),
    color: '#1f7a4d',
  },
] as const satisfies readonly LineEntry[];

/**
 * Ids of lines registered besides LINE_ENTRIES: none in the planner. A test that registers a
 * line of its own declares its id here (`declare module` augmentation), so that it is a LineId
 * wherever that test's code is checked.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface only augmentation can fill
export interface AddedLineIds {}

/** A release line the planner knows, by its id. */
export type LineId = (typeof LINE_ENTRIES)[number]['id'] | keyof AddedLineIds;

/** The lines, and what is derived from them alone. */
export interface LineRegistry<Id extends string = LineId> {
  /** In listing order. */
  entries: readonly LineEntry<Id>[];
  /** Every id, in listing order: the vocabulary of scenarios and links. */
  ids: readonly [Id, ...Id[]];
  entry(id: Id): LineEntry<Id>;
  /** What a scenario compares when it names nothing: the lines compared by default, the oldest as baseline, the newest as target. */
  defaults: { versions: Id[]; baseline: Id; target: Id };
}

/** Builds a registry from its entries, checking that ids are unique and that some line is compared by default. */
export function lineRegistry<Id extends string>(entries: readonly LineEntry<Id>[]): LineRegistry<Id> {
  const byId = new Map<string, LineEntry<Id>>();
  for (const e of entries) {
    if (byId.has(e.id)) throw new Error(`line ${e.id} is listed twice`);
    byId.set(e.id, e);
  }
  const compared = entries.filter((e) => e.release.comparedByDefault).map((e) => e.id);
  if (compared.length === 0) throw new Error('no line is compared by default');
  return {
    entries,
    ids: entries.map((e) => e.id) as unknown as readonly [Id, ...Id[]],
    entry(id) {
      const found = byId.get(id);
      if (!found) throw new Error(`unknown release line ${id}`);
      return found;
    },
    defaults: { versions: compared, baseline: compared[0]!, target: compared[compared.length - 1]! },
  };
}

/** The planner's lines. Everything that lists, draws or validates lines reads them here. */
export const LINES: LineRegistry = lineRegistry<LineId>(LINE_ENTRIES);
