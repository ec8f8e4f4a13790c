import { spawnSync } from 'node:child_process';
import type Valkey from 'iovalkey';
import { describe, expect, it } from 'vitest';
import { formatReport, parseSampleArgs } from '../../src/cli/sample';
import { parseTarget } from '../../src/cli/sample/connect';
import { Deadline } from '../../src/cli/sample/deadline';
import { DEFAULT_SAMPLE_OPTIONS } from '../../src/cli/sample/options';
import { buildReport, type NodeSample } from '../../src/cli/sample/report';
import { sampleKeys, type SampleRun } from '../../src/cli/sample/sampler';
import { summarizeFamilies, type KeySample } from '../../src/cli/sample/summarize';
import { identifyServer } from '../../src/info/analyze';
import { memoryFromInfo } from '../../src/info/memory';
import { parseInfo } from '../../src/info/parse';
import { decodeLink } from '../../src/scenario/link';
import { scenarioSchema } from '../../src/scenario/schema';
import { withLineChoice } from '../../src/scenario/linkCompat';
import { keySample } from '../support/keySample';

const run = (samples: KeySample[], over: Partial<SampleRun> = {}): SampleRun => ({
  samples,
  bigKeys: [],
  bigKeysLeftOver: 0,
  scanComplete: true,
  everyKeyRead: true,
  scannedKeys: samples.length,
  sizedKeys: samples.length,
  deletedKeys: 0,
  commands: 10,
  stoppedBy: 'complete',
  ...over,
});

/** One server's sample of database `db`; its INFO lists `keyspace`. */
function node(db: number, keyspace: string, samples: KeySample[], over: Partial<SampleRun> = {}): NodeSample {
  const parsed = parseInfo(`valkey_version:8.1.1\nused_memory:190000000\nused_memory_startup:900000\n${keyspace}`);
  if (!parsed.ok) throw new Error(parsed.error);
  const dbsize = parsed.info.keyspace.find((d) => d.db === db)?.keys ?? 0;
  const r = run(samples, over);
  return {
    address: '127.0.0.1:6379',
    info: parsed.info,
    identity: identifyServer(parsed.info),
    memory: memoryFromInfo(parsed.info.fields)!,
    dbsize,
    run: r,
    families: summarizeFamilies(r.samples, dbsize, r.everyKeyRead),
    commands: r.commands,
  };
}

const report = (db: number, sample: NodeSample) =>
  buildReport(
    [sample],
    parseTarget(`redis://127.0.0.1:6379/${db}`, undefined),
    { ...DEFAULT_SAMPLE_OPTIONS, url: 'x' },
    1,
    0,
    false,
    10,
    [],
  );

describe('the sampler delivers a valid scenario or says why not', () => {
  it('a budget too small to read any key (--max-commands 5) is an error naming the limit, not "workloads": []', () => {
    const starved = node(0, 'db0:keys=1000,expires=0,avg_ttl=0', [], {
      everyKeyRead: false,
      scanComplete: false,
      stoppedBy: 'maxCommands',
    });
    expect(() => report(0, starved)).toThrow(
      'no workload came of the 1,000 keys in database 0 on 127.0.0.1:6379: none was read in detail before the run stopped (--max-commands): allow more; no scenario is made',
    );
  });

  it('keys read and then gone are counted as deleted, never as a type the model lacks', () => {
    const gone = node(0, 'db0:keys=3,expires=0,avg_ttl=0', [keySample('a:{n}')], { deletedKeys: 2 });
    const r = report(0, gone);
    expect(r.warnings).toContain('2 keys were deleted or expired between SCAN and reading them: left out of the sample');
    expect(r.warnings.join(' ')).not.toMatch(/a type the model does not cover/);
    expect(scenarioSchema.safeParse(r.scenario).success).toBe(true);
    const allGone = node(0, 'db0:keys=3,expires=0,avg_ttl=0', [], { deletedKeys: 3, everyKeyRead: false });
    expect(() => report(0, allGone)).toThrow(/every key read was deleted or expired before it could be read/);
  });

  it('sampling db 2 while db 0 holds keys names db 0 beside the unexplained memory', () => {
    const r = report(
      2,
      node(
        2,
        'db0:keys=1800000,expires=0,avg_ttl=0\ndb2:keys=100,expires=0,avg_ttl=0',
        Array.from({ length: 100 }, () => keySample('s:{n}')),
      ),
    );
    expect(r.warnings).toContain(
      'used_memory covers every database, and besides database 2 sampled here db0: 1,800,000 keys: their memory shows as unexplained',
    );
    expect(r.reconciliation!.warning).toMatch(
      /Likely: keys of other databases, which used_memory includes \(db0: 1,800,000 keys\); large keys/,
    );
  });
});

describe('the total and its sampling interval', () => {
  it('a whole read is exact; a sample carries a 95 % interval, in the JSON and the table', () => {
    const keys = Array.from({ length: 100 }, (_, i) => ({ ...keySample('s:{n}'), memoryUsage: i % 2 ? 48 : 80 }));
    const whole = report(0, node(0, 'db0:keys=100,expires=0,avg_ttl=0', keys));
    expect(whole.total).toMatchObject({ keys: 100, exact: true, confidence: 0.95 });
    expect(whole.total.modelInterval).toEqual([whole.total.modelBytes, whole.total.modelBytes]);
    expect(formatReport(whole)).toMatch(/^total: 100 keys, model .+ \(every key read: exact\)$/m);
    const sampled = report(0, node(0, 'db0:keys=10000,expires=0,avg_ttl=0', keys, { everyKeyRead: false }));
    const { modelBytes, modelInterval } = sampled.total;
    expect(sampled.total.exact).toBe(false);
    // MEMORY USAGE 48 or 80 B (mean 64, sd 16.08): +-1.96 x 16.08 / 64 / sqrt(100) x sqrt(9900/9999) = +-4.9 %.
    expect(modelInterval![1] / modelBytes! - 1).toBeCloseTo(0.049, 3);
    expect(1 - modelInterval![0] / modelBytes!).toBeCloseTo(0.049, 3);
    expect(formatReport(sampled)).toMatch(/^total: 10,000 keys, model .+ \(95 % interval .+-.+\)$/m);
  });
});

describe('the scenario of many families of spread sizes', () => {
  it('keeps its histograms as fine as a share link holds, and the link opens the very scenario', () => {
    // 100 families (as many as a scenario takes) of 400 keys, each with its own 400 value sizes and 40 key-name lengths.
    const samples = Array.from({ length: 100 }, (_, f) =>
      Array.from({ length: 400 }, (_, i) => ({ ...keySample(`f${f}:{n}`), keyBytes: 8 + (i % 40), valueBytes: 1 + 3 * i + f })),
    ).flat();
    const r = report(0, node(0, 'db0:keys=40000,expires=0,avg_ttl=0', samples));
    expect(r.scenario.workloads).toHaveLength(100);
    const decoded = decodeLink(new URL(r.shareUrl).hash);
    expect(decoded.ok).toBe(true);
    expect(decoded.state.scenario).toEqual(withLineChoice(r.scenario));
    const buckets = r.scenario.workloads.map((w) =>
      typeof w.valueBytes === 'object' && w.valueBytes.kind === 'histogram' ? w.valueBytes.buckets.length : 0,
    );
    expect(Math.max(...buckets)).toBeLessThan(128);
    expect(r.warnings).toContainEqual(
      expect.stringMatching(/^the histograms keep at most \d+ buckets each, so that the scenario fits in a share link$/),
    );
  }, 60_000);
});

/** A server of string keys in one SCAN batch, `deleted` of them gone by the time TYPE asks. */
function fakeServer(keys: string[], deleted: ReadonlySet<string>): Valkey {
  const answer = (command: string, key?: Buffer): unknown => {
    const gone = key !== undefined && deleted.has(key.toString());
    switch (command) {
      case 'type':
        return gone ? 'none' : 'string';
      case 'pttl':
        return gone ? -2 : -1;
      case 'object':
        return gone ? new Error('ERR no such key') : 'embstr';
      case 'memory':
        return gone ? null : 64;
      case 'strlen':
        return 16;
      default:
        return 'PONG';
    }
  };
  return {
    callBuffer: async () => [Buffer.from('0'), keys.map((k) => Buffer.from(k))],
    pipeline() {
      const replies: Array<[Error | null, unknown]> = [];
      const pipe = {
        callBuffer(command: string, ...args: Array<string | number | Buffer>) {
          const key = args.find((a): a is Buffer => Buffer.isBuffer(a));
          const value = answer(command, key);
          replies.push(value instanceof Error ? [value, null] : [null, value]);
          return pipe;
        },
        exec: async () => replies,
      };
      return pipe;
    },
  } as unknown as Valkey;
}

describe('sampleKeys against a server whose keys expire during the scan', () => {
  it('counts the keys gone when read as deleted, and reads the rest', async () => {
    const keys = Array.from({ length: 10 }, (_, i) => `session:${i}`);
    const result = await sampleKeys(
      fakeServer(keys, new Set(['session:3', 'session:7'])),
      10,
      { maxKeys: 100, maxCommands: 10_000 },
      new Deadline(10_000),
    );
    expect(result.deletedKeys).toBe(2);
    expect(result.samples.map((s) => s.type)).toEqual(Array(8).fill('string'));
  });
});

describe('sample arguments past what a run can use', () => {
  it.each(['2147484', '1e9', '86401'])('--timeout %s is refused, not left to overflow the timer', (value) => {
    expect(() => parseSampleArgs(['redis://x', '--timeout', value], {})).toThrow(
      `--timeout takes a whole number from 1 to 86,400, not "${value}"`,
    );
  });

  it('--timeout 86400 (a day) is taken', () => {
    expect(parseSampleArgs(['redis://x', '--timeout', '86400'], {}).options.timeoutMs).toBe(86_400_000);
  });
});

describe('sample --help', () => {
  it('prints the usage on standard output and exits 0; an unknown option is still an error', () => {
    const help = spawnSync('npx', ['tsx', 'src/cli/sample.ts', '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run -s sample -- URL \[options\]/);
    expect(help.stderr).toBe('');
    const unknown = spawnSync('npx', ['tsx', 'src/cli/sample.ts', '--bogus'], { encoding: 'utf8', timeout: 60_000 });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^unknown option --bogus/);
  }, 120_000);
});

describe('the write history a sample cannot see', () => {
  /** 300 sets of 1-300 ten-byte members, every key read, on Valkey 8.1.1. */
  const sets = Array.from({ length: 300 }, (_, i) =>
    keySample('tags:{n}', {
      type: 'set',
      encoding: i < 128 ? 'listpack' : 'hashtable',
      elements: i + 1,
      valueBytes: 10,
      memoryUsage: 64 * (i + 1),
    }),
  );

  it('offers the range and its cases instead of one figure where the collections depend on it', () => {
    const r = report(0, node(0, 'db0:keys=300,expires=0,avg_ttl=0', sets));
    const h = r.writeHistory!;
    expect(h.line).toBe('8.1');
    expect(h.cases.map((c) => c.written)).toEqual(['one-per-command', 'whole-collection', 'loaded']);
    // The case the scenario assumes is the total's figure; grown one member at a time, the sets take the most.
    expect(h.cases[0]!.keysBytes).toBe(r.total.modelBytes);
    expect(h.highBytes).toBe(h.cases[0]!.keysBytes);
    expect(h.lowBytes).toBeLessThan(h.highBytes * 0.99);
    const table = formatReport(r);
    expect(table).toMatch(
      /^total: 300 keys, model [\d.]+ [KM]iB to [\d.]+ [KM]iB by how the collections were written \(below\) \(every key read: exact\)$/m,
    );
    expect(table).toMatch(
      /^how the collections were written, which a sample cannot see \(the scenario and the reconciliation take one-per-command\), on 8\.1:$/m,
    );
    expect(table).toMatch(/^ {2}loaded +[\d.]+ [KM]iB {2}loaded: after a restart, on a replica after its full sync/m);
  });

  it('keeps one figure where nothing depends on it: strings', () => {
    const r = report(
      0,
      node(
        0,
        'db0:keys=100,expires=0,avg_ttl=0',
        Array.from({ length: 100 }, () => keySample('s:{n}')),
      ),
    );
    expect(r.writeHistory).toBeNull();
    expect(formatReport(r)).not.toMatch(/how the collections were written/);
  });
});
