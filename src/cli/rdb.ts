import { ALLOCATORS } from '../data/vocabulary';
import { z } from '../data/zod';
import { DEFAULT_THRESHOLDS } from '../model';
import { DEFAULT_TOP_KEYS, type RdbAnalysis, type RdbAnalysisOptions } from '../rdb/analyze';
import { analyzeRdbChunks } from '../rdb/stream';
import { DEFAULT_FAMILY_OPTIONS } from '../rdb/families';
import type { CliOutcome } from './estimate';
import { printable } from './terminalText';
import { formatClusterTable, formatRdbTable, line } from './rdbTable';
import { readFileSync } from 'node:fs';
import { mergeRdbAnalyses, type RdbClusterAnalysis } from '../rdb/merge';
import { parseRdbSummary, type RdbSummary } from '../rdb/summarySchema';

const USAGE =
  'usage: npm run -s rdb -- FILE|FOLDER... [--format table|json] [--delimiter :] [--depth N] [--families N] [--top N] [--allocator NAME] [--cluster]\n' +
  '       npm run -s rdb -- --merge SUMMARY.json|FOLDER... [--format table|json]   (summaries: rdb FILE --format json)';

const optionsSchema = z.strictObject({
  format: z.enum(['json', 'table'], { error: '--format must be json or table' }),
  delimiter: z.string().check(z.maxLength(8, { error: '--delimiter: at most 8 characters' })),
  depth: z
    .number({ error: '--depth must be a whole number' })
    .check(
      z.int({ error: '--depth must be a whole number' }),
      z.minimum(1, { error: '--depth must be at least 1' }),
      z.maximum(32, { error: '--depth: at most 32' }),
    ),
  families: z
    .number({ error: '--families must be a whole number' })
    .check(
      z.int({ error: '--families must be a whole number' }),
      z.minimum(1, { error: '--families must be at least 1' }),
      z.maximum(90, { error: '--families: at most 90 (a scenario holds 100 workloads)' }),
    ),
  top: z
    .number({ error: '--top must be a whole number' })
    .check(
      z.int({ error: '--top must be a whole number' }),
      z.minimum(0, { error: '--top cannot be negative' }),
      z.maximum(1000, { error: '--top: at most 1000' }),
    ),
  allocator: z.nullable(z.enum(ALLOCATORS, { error: `--allocator is one of ${ALLOCATORS.join(', ')}` })),
  cluster: z.boolean(),
});
export type RdbCliOptions = z.infer<typeof optionsSchema>;

/** Arguments into file names and options, or a message. */
export function parseRdbArgs(
  args: readonly string[],
): { ok: true; files: string[]; merge: boolean; options: RdbCliOptions } | { ok: false; code: number; message: string } {
  const raw: Record<string, unknown> = {
    format: 'json',
    delimiter: DEFAULT_FAMILY_OPTIONS.delimiter,
    depth: DEFAULT_FAMILY_OPTIONS.depth,
    families: DEFAULT_FAMILY_OPTIONS.maxReported,
    top: DEFAULT_TOP_KEYS,
    allocator: null,
    cluster: false,
  };
  const files: string[] = [];
  let merge = false;
  const numeric = new Set(['depth', 'families', 'top']);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-h' || a === '--help') return { ok: false, code: 0, message: USAGE };
    if (a === '--cluster') {
      raw.cluster = true;
      continue;
    }
    if (a === '--merge') {
      merge = true;
      continue;
    }
    const match = /^--(format|delimiter|depth|families|top|allocator)(?:=(.*))?$/.exec(a);
    if (match) {
      const name = match[1]!;
      const value = match[2] ?? args[++i];
      if (value === undefined) return { ok: false, code: 2, message: `--${name} needs a value\n${USAGE}` };
      raw[name] = numeric.has(name) && /^-?\d+$/.test(value) ? Number(value) : value;
      continue;
    }
    if (a.startsWith('--')) return { ok: false, code: 2, message: `unknown option ${a}\n${USAGE}` };
    files.push(a);
  }
  if (files.length === 0) return { ok: false, code: 2, message: USAGE };
  if (files.length > 1 && files.includes('-'))
    return { ok: false, code: 2, message: `standard input (-) is read alone\n${USAGE}` };
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 2, message: parsed.error.issues.map((i) => i.message).join('\n') };
  return { ok: true, files, merge, options: parsed.data };
}

type Opener = (file: string) => { size: number | undefined; chunks: AsyncIterable<Uint8Array> };

/** How the command reaches files beyond one snapshot; each has a default for tests and embedding. */
export interface RdbFiles {
  /** The snapshots named: a folder stands for its files ending in `extension`. */
  expand?: (paths: readonly string[], extension: string) => string[];
  /** Several snapshots read (the command: on worker threads), in the order given. */
  readShards?: (files: readonly string[], optionsOf: (file: string) => RdbAnalysisOptions) => Promise<RdbAnalysis[]>;
  /** A JSON summary's text (--merge). */
  readText?: (file: string) => string;
}

/** The analysis options of one file (its name is the scenario's). */
function analysisOptions(options: RdbCliOptions, file: string): RdbAnalysisOptions {
  return {
    families: { ...DEFAULT_FAMILY_OPTIONS, delimiter: options.delimiter, depth: options.depth, maxReported: options.families },
    sizing: { allocator: options.allocator, cluster: options.cluster, thresholds: DEFAULT_THRESHOLDS },
    name: file.split(/[\\/]/).pop() ?? file,
    topKeys: options.top,
  };
}

/** One snapshot read from its chunks (a stream, never whole). */
async function readOne(open: Opener, file: string, options: RdbAnalysisOptions): Promise<RdbAnalysis> {
  const source = open(file);
  const read = await analyzeRdbChunks(
    source.chunks,
    { ...options, ...(source.size === undefined ? {} : { fileSize: source.size }) },
    { now: () => performance.now() },
  );
  return read.analysis;
}

const failed = (message: string): CliOutcome => ({ code: 2, stdout: '', stderr: printable(`${line(message)}\n`) });

/**
 * Reads one snapshot, or several (a cluster's, one per shard) and merges them, or (--merge) merges
 * the JSON summaries of snapshots read elsewhere; formats the result.
 */
export async function runRdb(args: readonly string[], open: Opener, io: RdbFiles = {}): Promise<CliOutcome> {
  const parsed = parseRdbArgs(args);
  if (!parsed.ok)
    return {
      code: parsed.code,
      stdout: parsed.code === 0 ? parsed.message + '\n' : '',
      stderr: parsed.code === 0 ? '' : parsed.message + '\n',
    };
  const { options } = parsed;
  let files: string[];
  try {
    files = (io.expand ?? ((paths) => [...paths]))(parsed.files, parsed.merge ? '.json' : '.rdb');
  } catch (e) {
    return failed(`cannot read ${(e as Error).message}`);
  }
  if (files.length === 0) return failed(`no ${parsed.merge ? '.json' : '.rdb'} file in ${parsed.files.join(', ')}`);
  if (parsed.merge) return mergeSummaries(files, options, io.readText);
  if (parsed.files.length === 1 && files.length === 1) return oneSnapshot(files[0]!, open, options);
  const optionsOf = (file: string) => analysisOptions(options, file);
  let analyses: RdbAnalysis[];
  try {
    analyses = io.readShards
      ? await io.readShards(files, optionsOf)
      : await Promise.all(files.map((file) => readOne(open, file, optionsOf(file))));
  } catch (e) {
    return failed(`cannot read ${(e as Error).message}`);
  }
  return clusterOutcome(mergeRdbAnalyses(analyses), options);
}

async function oneSnapshot(file: string, open: Opener, options: RdbCliOptions): Promise<CliOutcome> {
  let analysis: RdbAnalysis;
  try {
    analysis = await readOne(open, file, analysisOptions(options, file));
  } catch (e) {
    return failed(`cannot read ${file}: ${(e as Error).message}`);
  }
  // A file that gave no key before it failed (empty, not an RDB, refused at once) has nothing to
  // plan: its one line on stderr says why, and no table of zeros follows.
  const nothingRead = analysis.error !== null && analysis.keys.total === 0;
  const stdout = nothingRead
    ? ''
    : options.format === 'json'
      ? JSON.stringify({ schema: 1, ...analysis }, null, 2) + '\n'
      : formatRdbTable(file, analysis);
  const stderr = analysis.error ? `${line(file)}: ${analysis.status}: ${line(analysis.error.message)}\n` : '';
  // Names and values from the file (keys, aux fields) reach the terminal inert (printable).
  return { code: analysis.status === 'complete' ? 0 : 1, stdout: printable(stdout), stderr: printable(stderr) };
}

function mergeSummaries(
  files: readonly string[],
  options: RdbCliOptions,
  readText = (f: string) => readFileSync(f, 'utf8'),
): CliOutcome {
  const summaries: RdbSummary[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readText(file);
    } catch (e) {
      return failed(`cannot read ${(e as Error).message}`);
    }
    const parsed = parseRdbSummary(text);
    if (!parsed.ok) return failed(`${file}: not a summary of the rdb command: ${parsed.error}`);
    summaries.push(parsed.summary);
  }
  return clusterOutcome(mergeRdbAnalyses(summaries), options);
}

function clusterOutcome(cluster: RdbClusterAnalysis, options: RdbCliOptions): CliOutcome {
  const stdout =
    options.format === 'json'
      ? JSON.stringify({ schema: 1, cluster: true, ...cluster }, null, 2) + '\n'
      : formatClusterTable(cluster);
  const stderr = cluster.shards
    .filter((s) => s.error !== null)
    .map((s) => `${line(s.name)}: ${s.status}: ${line(s.error!)}\n`)
    .join('');
  return { code: cluster.status === 'complete' ? 0 : 1, stdout: printable(stdout), stderr: printable(stderr) };
}
