import { createInterface } from 'node:readline';
import { ALLOCATORS } from '../data/vocabulary';
import { formatBytes, formatPercent } from '../format/quantities';
import { formatCount } from '../format/count';
import { isAllocator } from '../info/build';
import type { Reconciliation } from '../info/reconcile';
import { DEFAULT_SAMPLE_OPTIONS } from './sample/options';
import { runSample, SampleError, type SampleOptions, type SampleReport } from './sample/run';
import { printable } from './terminalText';
import { formatWriteHistory, writeHistoryTotal } from './sample/writeHistory';

const USAGE = `usage: npm run -s sample -- URL [options]
  URL                 redis://host:port[/db], rediss://..., or redis://[::1]:port (the password is never needed here)
  --sample N          read N keys in detail, spread over the keyspace (default: every key of a keyspace
                      of up to 1000000 keys, for exact counts and histograms; 100000 of a larger one)
  --max-commands N    server commands at most (default 10000000); what is left after the detailed keys
                      sizes every other key with MEMORY USAGE, to find the big ones
  --timeout S         seconds for the whole run, connecting included (default 300); a run that reaches
                      it reports the keys read so far as a sample
  --this-node-only    in a cluster, sample this node's own keys instead of every shard
  --replicas          in a cluster, sample a replica of each shard instead of its primary
  --allocator NAME    ${ALLOCATORS.join(' | ')}: overrides what MEMORY MALLOC-STATS and INFO say
  --app-url URL       where the calculator is served, for the share link (default http://127.0.0.1:5173/)
  --format json|table output (default table)
The password comes from VALKEY_PASSWORD or REDISCLI_AUTH, or a prompt in a terminal.`;

/** A run of a day at most: far beyond any sample, and within what Node's timers can wait (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMEOUT_SECONDS = 86_400;

function positive(name: string, value: string | undefined, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > max)
    throw new SampleError(`${name} takes a whole number from 1 to ${formatCount(max, 'en')}, not "${value ?? ''}"`);
  return n;
}

export function parseSampleArgs(
  args: string[],
  env: Record<string, string | undefined>,
): { options: SampleOptions; format: 'json' | 'table' } {
  let url: string | undefined;
  let format: 'json' | 'table' = 'table';
  const options: Omit<SampleOptions, 'url'> = {
    ...DEFAULT_SAMPLE_OPTIONS,
    password: env.VALKEY_PASSWORD ?? env.REDISCLI_AUTH,
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--sample') options.maxKeys = positive(a, args[++i]);
    else if (a === '--max-commands') options.maxCommands = positive(a, args[++i]);
    else if (a === '--timeout') options.timeoutMs = positive(a, args[++i], MAX_TIMEOUT_SECONDS) * 1000;
    else if (a === '--this-node-only') options.thisNodeOnly = true;
    else if (a === '--replicas') options.replicas = true;
    else if (a === '--allocator') {
      const name = args[++i] ?? '';
      if (!isAllocator(name)) throw new SampleError(`--allocator is one of ${ALLOCATORS.join(', ')}, not "${name}"`);
      options.allocator = name;
    } else if (a === '--app-url') options.appUrl = args[++i] ?? '';
    else if (a === '--format') {
      const f = args[++i];
      if (f !== 'json' && f !== 'table') throw new SampleError(`--format is json or table, not "${f ?? ''}"`);
      format = f;
    } else if (a.startsWith('-')) throw new SampleError(`unknown option ${a}\n${USAGE}`);
    else if (url) throw new SampleError(`one URL only\n${USAGE}`);
    else url = a;
  }
  if (!url) throw new SampleError(USAGE);
  return { options: { ...options, url }, format };
}

const fmt = (n: number | null) => (n === null ? '-' : formatBytes(n));

function columns(rows: string[][], leftAligned: number): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) => row.map((cell, i) => (i < leftAligned ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
}

/** used_memory taken apart, as the INFO panel shows it. */
export function formatReconciliation(r: Reconciliation): string {
  const rows = [['', 'bytes', ''], ...r.rows.map((row) => [row.label, formatCount(row.bytes), fmt(row.bytes)])];
  const percent =
    r.unexplainedPercent === null ? '' : ` (${formatPercent(r.unexplainedPercent, 'en')} of what is left for the keys)`;
  const split = r.serverSplit ? `\n${r.serverSplit}` : '';
  return `${columns(rows, 1)}\nunexplained: ${formatCount(r.unexplainedBytes)} bytes${percent}${split}`;
}

export function formatReport(r: SampleReport): string {
  const rows = [['family', 'type', 'keys (est.)', '95 % interval', 'MEMORY USAGE', `model (${r.line ?? 'n/a'})`]];
  const exact = (f: SampleReport['families'][number]) => r.scanComplete || f.interval[0] === f.interval[1];
  for (const [i, f] of [...r.bigKeys, ...r.families].entries()) {
    const c = r.comparison[i];
    rows.push([
      (c?.pattern ?? f.pattern).slice(0, 48),
      f.type,
      formatCount(f.estimatedKeys),
      exact(f) ? 'exact' : `${formatCount(f.interval[0])}-${formatCount(f.interval[1])}`,
      fmt(c?.memoryUsageBytes ?? null),
      fmt(c?.modelBytes ?? null),
    ]);
  }
  const nodes =
    r.nodes.length > 1
      ? r.nodes.map((n) => `  ${n.address} (${n.role}): ${formatCount(n.dbsize)} keys, used_memory ${fmt(n.usedMemory)}`)
      : [];
  const t = r.total;
  const h = r.writeHistory;
  const totalLine =
    t.modelBytes === null
      ? `total: ${formatCount(t.keys)} keys`
      : h
        ? `total: ${formatCount(t.keys)} keys, ${writeHistoryTotal(h, { ...t, modelBytes: t.modelBytes })}`
        : `total: ${formatCount(t.keys)} keys, model ${fmt(t.modelBytes)}${
            t.exact
              ? ' (every key read: exact)'
              : t.modelInterval
                ? ` (95 % interval ${fmt(t.modelInterval[0])}-${fmt(t.modelInterval[1])})`
                : ''
          }`;
  return [
    `${r.server}: ${formatCount(r.dbsize)} keys${r.nodes.length > 1 ? ` on ${r.nodes.length} shards` : ''}, ${formatCount(r.sampled)} read in detail, ${r.bigKeys.length} big keys, ${formatCount(r.commands)} read-only commands`,
    ...nodes,
    `allocator: ${r.build.allocator}: ${r.build.reason}${r.build.advice ? ` To be sure, ${r.build.advice}.` : ''}`,
    '',
    columns(rows, 2),
    totalLine,
    ...(h ? formatWriteHistory(h) : []),
    '',
    ...(r.reconciliation
      ? [
          `used_memory reconciled (${r.memory.source}${r.nodes.length > 1 ? ', summed over the nodes' : ''}):`,
          formatReconciliation(r.reconciliation),
          '',
        ]
      : []),
    ...r.warnings.map((w) => `note: ${w}`),
    "MEMORY USAGE is the server's own per-key estimate; the model counts allocations and table shares.",
    '',
    `Open in the calculator: ${r.shareUrl}`,
    '',
    'Scenario:',
    JSON.stringify(r.scenario, null, 2),
  ].join('\n');
}

async function promptPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stderr.write('password: ');
  muted._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return answer;
}

/** One line, never a stack trace: the first line of the message. */
const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;

async function main(): Promise<number> {
  if (process.argv.slice(2).some((a) => a === '-h' || a === '--help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let parsed;
  try {
    parsed = parseSampleArgs(process.argv.slice(2), process.env);
  } catch (e) {
    process.stderr.write(printable(`${(e as Error).message}\n`));
    return 2;
  }
  const { options, format } = parsed;
  const progress = process.stderr.isTTY
    ? (sampled: number, commands: number) =>
        process.stderr.write(`\rsampling: ${formatCount(sampled)} keys read, ${formatCount(commands)} commands`)
    : undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const report = await runSample(options, progress);
      if (progress) process.stderr.write('\n');
      process.stdout.write(printable(format === 'json' ? JSON.stringify(report, null, 2) + '\n' : formatReport(report) + '\n'));
      return 0;
    } catch (e) {
      if (progress) process.stderr.write('\n');
      const message = oneLine(e);
      if (attempt === 0 && /requires a password/.test(message) && process.stdin.isTTY) {
        options.password = await promptPassword();
        continue;
      }
      process.stderr.write(printable(`sample: ${e instanceof SampleError ? message : `unexpected failure: ${message}`}\n`));
      return e instanceof SampleError ? 1 : 2;
    }
  }
  return 1;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isMain)
  main().then((code) => {
    process.exitCode = code;
    // A server that never answered may leave a socket behind: do not wait for it.
    setTimeout(() => process.exit(code), 500).unref();
  });
