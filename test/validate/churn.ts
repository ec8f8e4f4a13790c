/**
 * npm run validate's companion for resident memory under churn (tsx test/validate/churn.ts): on a
 * fresh real server per case, loads 200,000 string keys, runs one churn pattern (a bounded number
 * of commands: at most two per key), lets the allocator settle (MEMORY PURGE) and compares the
 * growth of allocator_resident with the churn model (src/model/fragmentation.ts) and with today's
 * fixed ratio 1.1 times the modelled used_memory.
 *
 *   --server=ID   only the servers whose id contains ID (default: Valkey 9.1.2, both allocators, and Redis 7.0)
 *   --only=TEXT   only the patterns whose id contains TEXT
 *   --keys=N      keys per case (default 200,000)
 *   --record      write the readings to test/fixtures/churn-SERVER.json, which the unit tests replay
 *   --activedefrag  run the cases with activedefrag on (bundled jemalloc builds only; active-defrag-ignore-bytes
 *                 1mb, since a case leaves less than the default 100 MB), wait until INFO says its passes are
 *                 done (at most 120 s), and compare with where the model has a pass end: the keys packed when
 *                 the small slabs' empty space was over both thresholds, else as the churn left them. The
 *                 plan's figure (residentWithActiveDefrag: what the thresholds leave before the next pass)
 *                 is printed beside it.
 */
import { TOTALS_ONLY } from '../../src/model/itemiser';
import { buildContext } from '../../src/model/allocator';
import {
  ACTIVE_DEFRAG_DEFAULTS,
  NO_CHURN,
  residentWithActiveDefrag,
  smallSlabWasteBytes,
  stringChurnResidency,
  type DefragThresholds,
  type StringChurn,
} from '../../src/model/fragmentation';
import { keyspaceTableBytes } from '../../src/model/keyspace';
import type { ChurnCase, ChurnPatternId, ValueMix } from './churnLoad';
import { measureChurnCase, type AllocatorReading, type DefragOutcome } from './churnMeasure';
import { writeFileSync } from 'node:fs';
import { VALIDATION_SERVERS, type ValidationServer } from './servers';

/** The loaded keys: short and medium values, some embedded in the key's object on 8.1+, some not. */
export const LOADED_MIX: ValueMix = [
  { bytes: 24, share: 0.25 },
  { bytes: 48, share: 0.25 },
  { bytes: 96, share: 0.25 },
  { bytes: 160, share: 0.25 },
];
/** What replaces them in replace-mix: larger values, none of the loaded classes. */
export const REPLACEMENT_MIX: ValueMix = [
  { bytes: 400, share: 0.5 },
  { bytes: 900, share: 0.5 },
];
export const KEY_BYTES = 16;
/** Today's planner: RSS = used_memory x 1.1 whatever the churn. */
export const FIXED_RATIO = 1.1;
/** The goal: the modelled resident growth within this of the measured one. */
export const LIMIT_PERCENT = 5;

export const PATTERNS: ReadonlyArray<{ id: ChurnPatternId; what: string; churn: StringChurn }> = [
  { id: 'control', what: 'no churn', churn: NO_CHURN },
  { id: 'delete-half', what: 'half the keys deleted at random', churn: { ...NO_CHURN, deletedShare: 0.5 } },
  {
    id: 'replace-mix',
    what: 'every key replaced once by a key of the other mix',
    churn: { ...NO_CHURN, replacedShare: 1, newValueBins: REPLACEMENT_MIX.map((m) => ({ value: m.bytes, weight: m.share })) },
  },
  {
    id: 'replace-half',
    what: 'half the keys, at random, replaced by keys of the other mix',
    churn: { ...NO_CHURN, replacedShare: 0.5, newValueBins: REPLACEMENT_MIX.map((m) => ({ value: m.bytes, weight: m.share })) },
  },
  { id: 'rewrite-2x', what: 'every value rewritten 2x larger', churn: { ...NO_CHURN, rewrittenShare: 1, rewriteFactor: 2 } },
];

export interface ChurnResult {
  pattern: ChurnPatternId;
  /** With activedefrag: what INFO said of its passes, and the plan's figure (residentWithActiveDefrag). */
  defrag: (DefragOutcome & { plannedResident: number }) | null;
  growth: AllocatorReading;
  measuredUsed: number;
  measuredResident: number;
  modelledUsed: number;
  modelledResident: number;
  errorPercent: number;
  fixedRatioErrorPercent: number;
}

/** The thresholds the harness runs activedefrag with: the default lower threshold, 1 MB ignored. */
export const HARNESS_DEFRAG: DefragThresholds = { ...ACTIVE_DEFRAG_DEFAULTS, ignoreBytes: 2 ** 20 };

/** The model's figures for a pattern on a server's line and allocator. */
export function modelled(server: ValidationServer, keys: number, churn: StringChurn): { used: number; resident: number } {
  const r = residencies(server, keys, churn).churned;
  return { used: r.usedBytes, resident: r.residentBytes };
}

function residencies(server: ValidationServer, keys: number, churn: StringChurn) {
  const ctx = buildContext(server.line, server.allocator, false);
  const family = {
    keys,
    keyBytes: KEY_BYTES,
    valueBins: LOADED_MIX.map((m) => ({ value: m.bytes, weight: m.share })),
    valueKind: 'bytes' as const,
    ttlFraction: 0,
  };
  const tables = keyspaceTableBytes(ctx, 'keyspace', keys, TOTALS_ONLY);
  return {
    churned: stringChurnResidency(ctx, [{ family, churn }], tables),
    packed: stringChurnResidency(ctx, [{ family, churn }], tables, true),
  };
}

/**
 * With activedefrag: where a pass ends (the keys packed, when the small slabs' empty space was
 * over both thresholds; else no pass starts), and the plan's figure, what the thresholds leave.
 */
export function modelledWithDefrag(
  server: ValidationServer,
  keys: number,
  churn: StringChurn,
): { used: number; afterPass: number; planned: number } {
  const { churned, packed } = residencies(server, keys, churn);
  const waste = smallSlabWasteBytes(churned);
  const starts = waste > (HARNESS_DEFRAG.lowerPercent / 100) * churned.usedBytes && waste > HARNESS_DEFRAG.ignoreBytes;
  return {
    used: churned.usedBytes,
    afterPass: starts ? packed.residentBytes : churned.residentBytes,
    planned: residentWithActiveDefrag(
      {
        allocatedBytes: churned.usedBytes,
        churnedResidentBytes: churned.residentBytes,
        packedResidentBytes: packed.residentBytes,
        packedWasteBytes: smallSlabWasteBytes(packed),
      },
      HARNESS_DEFRAG,
    ),
  };
}

const percent = (model: number, measured: number) => ((model - measured) / measured) * 100;

async function runServer(
  server: ValidationServer,
  keys: number,
  only: string | undefined,
  activedefrag: boolean,
): Promise<ChurnResult[]> {
  const results: ChurnResult[] = [];
  for (const p of PATTERNS.filter((x) => !only || x.id.includes(only))) {
    const c: ChurnCase = { pattern: p.id, keys, keyBytes: KEY_BYTES, loaded: LOADED_MIX, replacement: REPLACEMENT_MIX };
    const m = await measureChurnCase(server, c, activedefrag);
    const withDefrag = activedefrag ? modelledWithDefrag(server, keys, p.churn) : null;
    const model = withDefrag ? { used: withDefrag.used, resident: withDefrag.afterPass } : modelled(server, keys, p.churn);
    results.push({
      pattern: p.id,
      defrag: m.defrag && withDefrag && { ...m.defrag, plannedResident: withDefrag.planned },
      growth: m.growth,
      measuredUsed: m.growth.usedMemory,
      measuredResident: m.growth.allocatorResident,
      modelledUsed: model.used,
      modelledResident: model.resident,
      errorPercent: percent(model.resident, m.growth.allocatorResident),
      fixedRatioErrorPercent: percent(FIXED_RATIO * model.used, m.growth.allocatorResident),
    });
    process.stderr.write(
      `  ${server.id} ${p.id}: ${JSON.stringify(m.growth)}${m.defrag ? ` defrag ${JSON.stringify(m.defrag)}` : ''} (${m.seconds.toFixed(0)} s)\n`,
    );
  }
  return results;
}

const mb = (b: number) => (b / 1e6).toFixed(2);

async function main() {
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const keys = Number(option('keys') ?? 200_000);
  const filter = option('server');
  const servers = VALIDATION_SERVERS.filter((s) =>
    filter ? s.id.includes(filter) : ['valkey-9.1.2-bundled', 'valkey-9.1.2-system', 'redis-7.0'].includes(s.id),
  );
  if (servers.length === 0) throw new Error(`no server matches --server=${filter}`);
  let failed = 0;
  for (const server of servers) {
    const activedefrag = process.argv.includes('--activedefrag');
    const results = await runServer(server, keys, option('only'), activedefrag);
    console.log(`\n${server.label}, ${keys} keys of ${KEY_BYTES} bytes${activedefrag ? ', activedefrag on' : ''}:\n`);
    const defragColumns = activedefrag ? ' defrag moves, seconds | plan with activedefrag (MB) |' : '';
    console.log(
      `| pattern | used_memory measured / modelled (MB) | allocator_resident growth (MB) | modelled RSS (MB) | error | fixed 1.1 error |${defragColumns}`,
    );
    console.log(`| --- | --- | --- | --- | --- | --- |${activedefrag ? ' --- | --- |' : ''}`);
    for (const r of results) {
      const pass = Math.abs(r.errorPercent) <= LIMIT_PERCENT;
      if (!pass) failed++;
      const defrag = r.defrag ? ` ${r.defrag.hits}, ${r.defrag.seconds.toFixed(0)} s | ${mb(r.defrag.plannedResident)} |` : '';
      console.log(
        `| ${r.pattern} | ${mb(r.measuredUsed)} / ${mb(r.modelledUsed)} | ${mb(r.measuredResident)} | ${mb(r.modelledResident)} | ` +
          `${r.errorPercent.toFixed(2)} %${pass ? '' : ' (off)'} | ${r.fixedRatioErrorPercent.toFixed(2)} % |${defrag}`,
      );
    }
    if (process.argv.includes('--record')) {
      if (activedefrag || option('only') || keys !== 200_000) throw new Error('--record keeps the default run only');
      record(server, keys, results);
    }
  }
  process.exitCode = failed === 0 ? 0 : 1;
}

/** Where --record keeps a server's readings. */
export const churnFixture = (serverId: string) => `test/fixtures/churn-${serverId}.json`;

export interface ChurnFixture {
  server: string;
  recordedAt: string;
  keys: number;
  cases: Array<{ pattern: ChurnPatternId; growth: AllocatorReading }>;
}

function record(server: ValidationServer, keys: number, results: ChurnResult[]): void {
  const fixture: ChurnFixture = {
    server: server.id,
    recordedAt: new Date().toISOString().slice(0, 10),
    keys,
    cases: results.map((r) => ({ pattern: r.pattern, growth: r.growth })),
  };
  writeFileSync(churnFixture(server.id), JSON.stringify(fixture, null, 2) + '\n');
}

if (process.argv[1]?.endsWith('churn.ts')) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 2;
  });
}
