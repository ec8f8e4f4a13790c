import { ALLOCATORS } from '../data/vocabulary';
import { z } from '../data/zod';
import { formatCount } from '../format/count';
import { formatBytes } from '../format/quantities';
import { DEFAULT_THRESHOLDS } from '../model/encodingThresholds';
import type { RdbAnalysis } from '../rdb/analyze';
import { analyzeRdbChunks } from '../rdb/stream';
import { DEFAULT_FAMILY_OPTIONS } from '../rdb/families';
import type { CliOutcome } from './estimate';
import { printable } from './terminalText';

const USAGE =
  'usage: npm run -s rdb -- FILE [--format table|json] [--delimiter :] [--depth N] [--families N] [--allocator NAME] [--cluster]';

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
  allocator: z.nullable(z.enum(ALLOCATORS, { error: `--allocator is one of ${ALLOCATORS.join(', ')}` })),
  cluster: z.boolean(),
});
export type RdbCliOptions = z.infer<typeof optionsSchema>;

/** Arguments into a file name and options, or a message. */
export function parseRdbArgs(
  args: readonly string[],
): { ok: true; file: string; options: RdbCliOptions } | { ok: false; code: number; message: string } {
  const raw: Record<string, unknown> = {
    format: 'json',
    delimiter: DEFAULT_FAMILY_OPTIONS.delimiter,
    depth: DEFAULT_FAMILY_OPTIONS.depth,
    families: DEFAULT_FAMILY_OPTIONS.maxReported,
    allocator: null,
    cluster: false,
  };
  const files: string[] = [];
  const numeric = new Set(['depth', 'families']);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-h' || a === '--help') return { ok: false, code: 0, message: USAGE };
    if (a === '--cluster') {
      raw.cluster = true;
      continue;
    }
    const match = /^--(format|delimiter|depth|families|allocator)(?:=(.*))?$/.exec(a);
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
  if (files.length !== 1) return { ok: false, code: 2, message: USAGE };
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 2, message: parsed.error.issues.map((i) => i.message).join('\n') };
  return { ok: true, file: files[0]!, options: parsed.data };
}

/** Reads the file from its chunks (a stream, never whole) and formats the analysis. */
export async function runRdb(
  args: readonly string[],
  open: (file: string) => { size: number | undefined; chunks: AsyncIterable<Uint8Array> },
): Promise<CliOutcome> {
  const parsed = parseRdbArgs(args);
  if (!parsed.ok)
    return {
      code: parsed.code,
      stdout: parsed.code === 0 ? parsed.message + '\n' : '',
      stderr: parsed.code === 0 ? '' : parsed.message + '\n',
    };
  const { file, options } = parsed;
  let analysis: RdbAnalysis;
  try {
    const source = open(file);
    const read = await analyzeRdbChunks(
      source.chunks,
      {
        families: {
          ...DEFAULT_FAMILY_OPTIONS,
          delimiter: options.delimiter,
          depth: options.depth,
          maxReported: options.families,
        },
        sizing: { allocator: options.allocator, cluster: options.cluster, thresholds: DEFAULT_THRESHOLDS },
        ...(source.size === undefined ? {} : { fileSize: source.size }),
        name: file.split(/[\\/]/).pop() ?? file,
      },
      { now: () => performance.now() },
    );
    analysis = read.analysis;
  } catch (e) {
    return { code: 2, stdout: '', stderr: `cannot read ${file}: ${(e as Error).message}\n` };
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

function pad(rows: string[][], leftColumns: number): string {
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
const line = (text: string) => printable(text, true);

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
  for (const u of a.keys.unplanned)
    out.push(
      `  not sized: ${line(u.key)} (${u.type}${u.detail ? `, ${line(u.detail)}` : ''}, ${formatCount(u.fileBytes)} bytes in the file)`,
    );
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
  const first = a.lines[0]?.line;
  const last = a.lines[a.lines.length - 1]?.line;
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
  for (const x of a.families) {
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
  out.push(pad(fam, 2));
  const r = a.reconciliation;
  if (r) {
    out.push('');
    out.push(
      `used-mem in the file: ${formatBytes(r.usedMemBytes)}; less the empty process (${formatBytes(r.emptyServerBytes)}): ${formatBytes(r.aboveEmptyBytes)}; ` +
        `model of line ${r.line}: ${formatBytes(r.modelBytes)} (${r.differencePercent === null ? '-' : `${r.differencePercent > 0 ? '+' : ''}${r.differencePercent.toFixed(1)} %`} unexplained; used-mem also holds client buffers at the time of the save)`,
    );
  }
  if (a.scenarioProblem) out.push(`no scenario: ${line(a.scenarioProblem)}`);
  for (const note of a.notes) out.push(`note: ${line(note)}`);
  return out.join('\n') + '\n';
}
