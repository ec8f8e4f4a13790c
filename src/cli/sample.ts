import { createInterface } from 'node:readline';
import { formatBytes } from '../format/quantities';
import { connectForSampling, sampleServer, SampleError, type SampleOptions, type SampleReport } from './sample/run';
import { formatCount } from '../format/count';

const USAGE = `usage: npm run -s sample -- URL [options]
  URL                 redis://host:port[/db] or rediss://... (the password is never needed here)
  --sample N          keys to sample at most (default 10000)
  --max-commands N    server commands at most (default 200000)
  --timeout S         seconds at most (default 60)
  --this-node-only    sample one cluster node's own keys
  --app-url URL       where the calculator is served, for the share link (default http://127.0.0.1:5173/)
  --format json|table output (default table)
The password comes from VALKEY_PASSWORD or REDISCLI_AUTH, or a prompt in a terminal.`;

function positive(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new SampleError(`${name} takes a whole number above 0, not "${value ?? ''}"`);
  return n;
}

export function parseSampleArgs(
  args: string[],
  env: Record<string, string | undefined>,
): { options: SampleOptions; format: 'json' | 'table' } {
  let url: string | undefined;
  let format: 'json' | 'table' = 'table';
  const options: Omit<SampleOptions, 'url'> = {
    maxKeys: 10_000,
    maxCommands: 200_000,
    timeoutMs: 60_000,
    thisNodeOnly: false,
    appUrl: 'http://127.0.0.1:5173/',
    connectTimeoutMs: 5_000,
    password: env.VALKEY_PASSWORD ?? env.REDISCLI_AUTH,
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--sample') options.maxKeys = positive(a, args[++i]);
    else if (a === '--max-commands') options.maxCommands = positive(a, args[++i]);
    else if (a === '--timeout') options.timeoutMs = positive(a, args[++i]) * 1000;
    else if (a === '--this-node-only') options.thisNodeOnly = true;
    else if (a === '--app-url') options.appUrl = args[++i] ?? '';
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

export function formatReport(r: SampleReport): string {
  const rows = [['family', 'type', 'keys (est.)', '95 % interval', 'MEMORY USAGE', `model (${r.line ?? 'n/a'})`]];
  for (const f of r.families) {
    const c = r.comparison.find((x) => x.pattern === f.pattern);
    rows.push([
      f.pattern.slice(0, 48),
      f.type,
      formatCount(f.estimatedKeys),
      r.scanComplete ? 'exact' : `${formatCount(f.interval[0])}-${formatCount(f.interval[1])}`,
      fmt(c?.memoryUsageBytes ?? null),
      fmt(c?.modelBytes ?? null),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const table = rows
    .map((row) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
  return [
    `${r.server}: ${formatCount(r.dbsize)} keys, ${formatCount(r.sampled)} sampled with ${formatCount(r.commands)} read-only commands`,
    '',
    table,
    '',
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

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseSampleArgs(process.argv.slice(2), process.env);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  const { options, format } = parsed;
  const progress = process.stderr.isTTY
    ? (sampled: number, commands: number) =>
        process.stderr.write(
          `\rsampling: ${formatCount(sampled)}/${formatCount(options.maxKeys)} keys, ${formatCount(commands)} commands`,
        )
    : undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const client = await connectForSampling(options);
      try {
        const report = await sampleServer(client, options, progress);
        if (progress) process.stderr.write('\n');
        process.stdout.write(format === 'json' ? JSON.stringify(report, null, 2) + '\n' : formatReport(report) + '\n');
        return 0;
      } finally {
        client.disconnect();
      }
    } catch (e) {
      const message = (e as Error).message;
      if (attempt === 0 && /requires a password/.test(message) && process.stdin.isTTY) {
        options.password = await promptPassword();
        continue;
      }
      process.stderr.write(`sample: ${message}\n`);
      return e instanceof SampleError ? 1 : 2;
    }
  }
  return 1;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isMain) main().then((code) => (process.exitCode = code));
