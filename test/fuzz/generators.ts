/**
 * Generators of hostile input for the fuzz suite: scenario JSON near and past every limit,
 * share links built from it (and damaged), INFO texts, and CLI input files.
 */
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { ALLOCATORS, DATA_TYPES } from '../../src/data/vocabulary';
import { LINES } from '../../src/model/lineRegistry';
import { instanceTypes } from '../../src/data/instanceTypes';
import { toBase64Url } from '../../src/scenario/base64url';
import { LIMITS } from '../../src/scenario/schema';
import { fieldSpec, isOptionalFor, workloadFields } from '../../src/scenario/workloadFields';

/** Numbers a tester tries: bounds, one past them, powers of two and their neighbours, junk. */
export const edgyNumber = (max: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(0, 1, 2, max, max - 1, max + 1, 7 * 4096, 65_536, 65_537, 2 ** 31) },
    { weight: 4, arbitrary: fc.integer({ min: 0, max: Math.min(max, Number.MAX_SAFE_INTEGER) }) },
    { weight: 2, arbitrary: fc.double({ min: 0, max, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(-1, -0, 1e308, 0.5, '40M', '2 KiB', '', null, true, [], {}) },
  );

export const share = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 0.5, 1.5, -0.1, '40%'));

const name = fc.oneof(
  fc.string({ maxLength: LIMITS.nameLength + 5 }),
  fc.constantFrom('a', 'a', ' a ', '<b>x</b>', '__proto__', 'x'.repeat(LIMITS.nameLength)),
);

/** A workload with each field usually valid and sometimes not, hash fields on any type. */
export const workload = fc.record(
  {
    name,
    keys: edgyNumber(LIMITS.keysPerWorkload),
    keyBytes: edgyNumber(LIMITS.keyBytes),
    type: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...DATA_TYPES) }, { weight: 1, arbitrary: fc.constant('stream') }),
    valueBytes: edgyNumber(LIMITS.valueBytes),
    ttlFraction: share,
    fields: edgyNumber(LIMITS.fields),
    fieldBytes: edgyNumber(LIMITS.keyBytes),
    valueKind: fc.constantFrom('bytes', 'int', 'float'),
    fieldTtlFraction: share,
    growth: fc.oneof(
      fc.record({ kind: fc.constant('keysPerMonth'), keysPerMonth: edgyNumber(LIMITS.keysPerWorkload) }),
      fc.record({ kind: fc.constant('percentPerMonth'), percentPerMonth: edgyNumber(100) }),
      fc.constant({ kind: 'doubling' }),
    ),
  },
  { requiredKeys: ['name', 'keys', 'keyBytes', 'type', 'valueBytes', 'ttlFraction'] },
);

const version = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...LINES.ids) }, { weight: 1, arbitrary: fc.constant('6.2') });

export const deployment = fc.record(
  {
    cluster: fc.boolean(),
    shards: edgyNumber(LIMITS.shards),
    replicas: edgyNumber(LIMITS.replicasPerShard),
    fragmentationRatio: fc.oneof(fc.double({ min: 1, max: LIMITS.fragmentationRatio, noNaN: true }), fc.constantFrom(0.9, 6)),
    headroomPercent: edgyNumber(LIMITS.headroomPercent),
    processBaselineBytes: edgyNumber(LIMITS.processBaselineBytes),
    instanceType: fc.oneof(fc.constantFrom(...instanceTypes.types.map((t) => t.id)), fc.constant('cache.x99.gone')),
  },
  { requiredKeys: [] },
);

/** Scenario JSON: small or as large as allowed (100 workloads), with optional settings. */
export const scenarioJson = fc.record(
  {
    schema: fc.oneof({ weight: 19, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(2) }),
    name: fc.string({ maxLength: 90 }),
    workloads: fc.oneof(
      { weight: 8, arbitrary: fc.array(workload, { minLength: 1, maxLength: 6 }) },
      { weight: 1, arbitrary: fc.array(workload, { minLength: LIMITS.workloads - 1, maxLength: LIMITS.workloads + 1 }) },
    ),
    allocator: fc.constantFrom(...ALLOCATORS, 'tcmalloc'),
    versions: fc.array(version, { maxLength: 7 }),
    baseline: version,
    target: version,
    deployment,
  },
  { requiredKeys: ['schema', 'workloads'] },
);

const view = fc.record(
  {
    units: fc.constantFrom('binary', 'decimal', 'metric'),
    chart: fc.constantFrom('versions', 'intro', 'valueSize', 'stringsVsHash', 'pie'),
    cores: edgyNumber(256),
  },
  { requiredKeys: [] },
);

/** The fragment of a link carrying exactly this JSON. */
export const linkOf = (json: unknown) => `v=1&s=${toBase64Url(deflateSync(strToU8(JSON.stringify(json))))}`;

/** Links: well-formed around generated scenarios, or damaged by cuts and stray characters. */
export const link = fc.oneof(
  { weight: 6, arbitrary: fc.record({ scenario: scenarioJson, view }).map(linkOf) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.record({ scenario: scenarioJson, view }).map(linkOf), fc.nat(), fc.constantFrom('', '%', '&', '=', 'A', '#'))
      .map(([l, at, text]) => l.slice(0, at % (l.length + 1)) + text + l.slice(at % (l.length + 1))),
  },
  { weight: 1, arbitrary: fc.jsonValue().map(linkOf) },
  { weight: 1, arbitrary: fc.string().map((s) => `v=${s}&s=${s}`) },
);

const infoNumber = fc.oneof(
  fc.nat(),
  fc.constantFrom('0', '-1', '1e400', 'NaN', '18446744073709551615', '1.5', '', 'abc', '9'.repeat(40)),
);

/** INFO text: real-looking sections and lines, keyspace lines with extreme counts, junk. */
export const infoText = fc
  .array(
    fc.oneof(
      fc.constantFrom('# Server', '# Memory', '# Keyspace', '# Replication', '', '\r', 'garbage line', ':', 'db0:'),
      fc
        .tuple(
          fc.constantFrom('redis_version', 'valkey_version', 'server_name', 'redis_mode', 'server_mode', 'mem_allocator', 'role'),
          fc.constantFrom(
            '7.0.15',
            '7.2.4',
            '8.0.1',
            '8.1.0',
            '9.1.1',
            '6.2.0',
            'valkey',
            'cluster',
            'libc',
            'jemalloc-5.3.0',
            'master',
            'x',
          ),
        )
        .map(([k, v]) => `${k}:${v}`),
      fc
        .tuple(
          fc.constantFrom(
            'used_memory',
            'used_memory_dataset',
            'used_memory_startup',
            'used_memory_rss',
            'mem_fragmentation_ratio',
            'maxmemory',
            'connected_slaves',
          ),
          infoNumber,
        )
        .map(([k, v]) => `${k}:${v}`),
      fc
        .tuple(fc.nat({ max: 20 }), fc.oneof(fc.nat(), fc.constant(1e15)), fc.oneof(fc.nat(), fc.constant(1e15)), fc.nat())
        .map(([db, keys, expires, ttl]) => `db${db}:keys=${keys},expires=${expires},avg_ttl=${ttl}`),
    ),
    { maxLength: 40 },
  )
  .map((lines) => lines.join('\n'));

/** What a CLI user feeds the estimate command: scenario JSON with or without a BOM, or junk. */
export const cliInput = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(scenarioJson, fc.boolean()).map(([s, bom]) => (bom ? '\uFEFF' : '') + JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
);

/** Key counts of nothing and of the most a scenario takes: 0, -0, 1e-400 (which JSON reads as 0), the limit. */
export const zeroOrExtremeCount = fc.constantFrom(0, -0, Number('1e-400'), 1, LIMITS.keysPerWorkload - 1, LIMITS.keysPerWorkload);

/** Scenarios whose every workload holds zero or extreme counts, in the largest sizes a field takes. */
export const extremeScenarioJson = fc.record({
  schema: fc.constant(1),
  workloads: fc
    .array(
      fc
        .record({
          name: fc.constantFrom('a', 'b', 'c'),
          keys: zeroOrExtremeCount,
          keyBytes: fc.constantFrom(1, LIMITS.keyBytes),
          type: fc.constantFrom(...DATA_TYPES),
          valueBytes: fc.constantFrom(0, 1, LIMITS.valueBytes),
          ttlFraction: fc.constantFrom(0, 1),
          fields: fc.constantFrom(1, LIMITS.fields),
        })
        // Elements per key belong to collections only.
        .map(({ fields, ...w }) =>
          w.type === 'string'
            ? w
            : w.type === 'hash'
              ? { ...w, fields, fieldBytes: fields === 1 ? 1 : LIMITS.keyBytes }
              : { ...w, fields },
        ),
      { minLength: 1, maxLength: 4 },
    )
    .map((workloads) => workloads.map((w, i) => ({ ...w, name: `${w.name}${i}` }))),
  deployment: fc.record(
    {
      replicas: fc.constantFrom(0, -0, LIMITS.replicasPerShard),
      headroomPercent: fc.constantFrom(0, LIMITS.headroomPercent),
      fragmentationRatio: fc.constantFrom(1, LIMITS.fragmentationRatio),
    },
    { requiredKeys: [] },
  ),
});

/** How a spreadsheet formula starts, by the OWASP list, and lookalikes that are not one. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', ' =', '  +', '+1+', '-1+1+', "+1+cmd|' /C calc'!A0", '−', '=-', 'a='];

/** Table cells a workload name or a figure may put in an export, many of them starting like a formula. */
export const exportCell = fc.oneof(
  fc.tuple(fc.constantFrom(...FORMULA_STARTS), fc.string({ maxLength: 12 })).map(([start, rest]) => start + rest),
  fc.string({ maxLength: 16 }),
  fc.constantFrom('+3.1 %', '−38.0 %', '61.04 MiB', '1,000', '"quoted", comma'),
);

/** INFO memory lines with parts up to the most a paste may show, and far past it. */
const memoryPart = fc.tuple(
  fc.constantFrom(
    'used_memory',
    'used_memory_startup',
    'mem_clients_normal',
    'mem_clients_slaves',
    'mem_replication_backlog',
    'mem_aof_buffer',
    'used_memory_scripts',
    'mem_cluster_links',
    'used_memory_dataset',
    'used_memory_overhead',
  ),
  fc.oneof(
    fc.nat({ max: 50_000_000 }),
    fc.constantFrom('999999999999999999', '281474976710656', '281474976710657', '-5', '-0', '1e400', '0'),
  ),
);

/**
 * INFO pastes of a small server with databases up to and past 10^12 keys each, keyspace lines
 * with counts that are not whole numbers, and memory parts negative or past used_memory.
 */
export const infoTotalsText = fc
  .record({
    version: fc.constantFrom('valkey_version:8.1.1', 'redis_version:7.0.15', 'redis_version:7.2.4', ''),
    used: fc.oneof(fc.constantFrom(1_782_579, 876_336, 190_000_000), fc.nat({ max: 2 ** 40 })),
    parts: fc.array(memoryPart, { maxLength: 6 }),
    dbs: fc.array(
      fc.tuple(
        fc.oneof(fc.nat({ max: 1e6 }), fc.constantFrom(1e12, 1e12 - 1, 5e11)),
        fc.constantFrom('', '1e400', '-5', '1.5', 'x'),
      ),
      { maxLength: 4 },
    ),
  })
  .map(({ version, used, parts, dbs }) => {
    const seen = new Set<string>(['used_memory']);
    const lines = [version, `used_memory:${used}`, 'used_memory_startup:876336'];
    seen.add('used_memory_startup');
    for (const [field, value] of parts) {
      if (seen.has(field)) continue;
      seen.add(field);
      lines.push(`${field}:${value}`);
    }
    dbs.forEach(([keys, damage], db) => lines.push(`db${db}:keys=${damage || keys},expires=0,avg_ttl=0`));
    return lines.join('\n');
  });

/** Terminal escapes as a hostile file or key name carries them: OSC title, CSI colour, C1 CSI, bidi override, BEL. */
export const terminalEscape = fc.constantFrom(
  '\u001b]0;PWNED\u0007',
  '\u001b[31m',
  '\u009b2J',
  '\u202e',
  '\u0007',
  '\r',
  '\u001b[2J\u001b[H',
  '\u0000',
);

/** CLI input carrying terminal escapes: in a workload name, in junk that is not JSON, in an unknown field. */
export const cliInputWithEscapes = fc.oneof(
  fc.tuple(terminalEscape, fc.string({ maxLength: 10 })).map(([escape, rest]) =>
    JSON.stringify({
      schema: 1,
      workloads: [{ name: `w${escape}${rest}`, keys: 10, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
    }),
  ),
  fc.tuple(fc.string({ maxLength: 8 }), terminalEscape).map(([junk, escape]) => junk + escape),
  terminalEscape.map((escape) => `{"schema":1,"workloads":[],"${escape}":1}`),
  terminalEscape.map((escape) => `{"schema":1,"workloads":[{"name":"a","keys":${JSON.stringify(escape)}}]}`),
);

/** A workload every field of which holds, of any type. */
export const validWorkload = fc
  .record({
    name: fc.stringMatching(/^[a-z][a-z0-9:]{0,20}$/),
    keys: fc.integer({ min: 0, max: LIMITS.keysPerWorkload }),
    keyBytes: fc.integer({ min: 1, max: LIMITS.keyBytes }),
    type: fc.constantFrom(...DATA_TYPES),
    valueBytes: fc.integer({ min: 1, max: 4096 }),
    ttlFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    fields: fc.integer({ min: 1, max: 10_000 }),
    fieldBytes: fc.integer({ min: 1, max: 64 }),
  })
  .map(({ fields, fieldBytes, ...w }) => ({
    ...w,
    ...(w.type !== 'string' && { fields }),
    ...(w.type === 'hash' && { fieldBytes }),
  }));

/** Values a field can be given that are wrong for many fields: past bounds, of another type, an unknown shape. */
const strayValue = fc.oneof(
  fc.constantFrom(-1, -0.5, 0.5, 2, 25, 1e300, 'x', '40%', null, true, [], {}, { kind: 'doubling' }),
  fc.constantFrom({ kind: 'keysPerMonth', keysPerMonth: -5 }, { kind: 'percentPerMonth', percentPerMonth: 500 }, 'int', 'float'),
);

/**
 * A valid workload with some of its optional fields (by the field specification: those its type
 * may do without) and unknown keys set to stray values (issue 32, item 2).
 */
export const workloadWithStrayFields = fc
  .tuple(
    validWorkload,
    fc.dictionary(
      fc.constantFrom(...workloadFields.filter((f) => f.requiredFor !== 'all').map((f) => f.key), 'compression', 'colour', 'ttl'),
      strayValue,
      { minKeys: 1, maxKeys: 4 },
    ),
  )
  .filter(([w, stray]) =>
    Object.keys(stray).every((key) => {
      const field = fieldSpec(key);
      return !field || isOptionalFor(field, w.type);
    }),
  )
  .map(([w, stray]) => ({ workload: w, stray, raw: { ...w, ...stray } }));

/**
 * A figure written as a reader of a language writes it ("1.234,5" in German, "1 234,5" in
 * Russian, "1,234.5" in English), grouped or not, with the number it stands for.
 */
export const localeFigure = fc
  .record({
    locale: fc.constantFrom('en', 'de', 'ru', 'zh-CN') as fc.Arbitrary<'en' | 'de' | 'ru' | 'zh-CN'>,
    whole: fc.oneof(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 1e9 })),
    thousandths: fc.integer({ min: 0, max: 999 }),
    decimals: fc.integer({ min: 0, max: 3 }),
    grouping: fc.boolean(),
  })
  .map(({ locale, whole, thousandths, decimals, grouping }) => {
    const value = Number((whole + thousandths / 1000).toFixed(decimals));
    const format = new Intl.NumberFormat(locale, {
      useGrouping: grouping,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    return { locale, value, text: format.format(value), decimals };
  });

/** German or Russian text with a comma before three digits ("1,250"): a decimal there, a thousands group in English. */
export const ambiguousCommaFigure = fc
  .record({
    locale: fc.constantFrom('de', 'ru') as fc.Arbitrary<'de' | 'ru'>,
    lead: fc.integer({ min: 1, max: 999 }),
    digits: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ locale, lead, digits }) => ({
    locale,
    text: `${lead},${String(digits).padStart(3, '0')}`,
    decimal: Number(`${lead}.${String(digits).padStart(3, '0')}`),
  }));
