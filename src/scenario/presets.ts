import type { Scenario, Workload } from './schema';
import type { View } from './view';

export interface Preset {
  id: string;
  title: string;
  /** What the preset reproduces and what to look at. */
  description: string;
  scenario: Scenario;
  view?: View;
}

const string = (name: string, keys: number, keyBytes: number, valueBytes: number, ttlFraction = 0, valueKind?: 'int') => ({
  name,
  keys,
  keyBytes,
  type: 'string' as const,
  valueBytes,
  ttlFraction,
  ...(valueKind && { valueKind }),
});

/** A mixed cache moving from Redis to Valkey: the same keys in both migration presets, so they compare. */
const MIGRATION_WORKLOADS: Workload[] = [
  string('session:{id}', 500_000, 44, 200, 1),
  { name: 'user:{id}', keys: 200_000, keyBytes: 12, type: 'hash', fields: 6, fieldBytes: 8, valueBytes: 10, ttlFraction: 0 },
  { name: 'tags:{user}', keys: 200_000, keyBytes: 16, type: 'set', fields: 8, valueBytes: 10, ttlFraction: 0 },
  { name: 'recent:{user}', keys: 100_000, keyBytes: 17, type: 'list', fields: 10, valueBytes: 30, ttlFraction: 0 },
];

/** Scenarios from the sources, and the common cases the sources warn about. */
export const PRESETS: Preset[] = [
  {
    id: 'percona-benchmark',
    title: 'Percona benchmark (632k short strings)',
    description:
      'valkey-benchmark -t set -n 1000000 -r 1000000 -d 16: about 632,000 unique 16-byte keys with 16-byte values. The model sits about 1.2 B/key under each measured figure.',
    scenario: { schema: 1, name: 'Percona benchmark', workloads: [string('benchmark keys', 632_120, 16, 16)] },
    view: { chart: 'versions' },
  },
  {
    id: 'one-terabyte',
    title: '1 TB on 7.2',
    description:
      'The post\'s "1 TB on 7.2" opening: the benchmark profile scaled to 1,000 GB on 7.2. Compare the intro\'s 800/640/630 GB with what the table and the structures say.',
    scenario: {
      schema: 1,
      name: '1 TB of benchmark-like keys on 7.2',
      workloads: [string('short strings', 9_758_000_000, 16, 16)],
      deployment: { instanceType: 'cache.r7g.16xlarge' },
    },
    view: { chart: 'intro', units: 'decimal' },
  },
  {
    id: 'strings-vs-hash',
    title: 'Four strings vs one hash (1M users)',
    description:
      "Percona's second run: user:N:name, :age, :city, :score as four string keys (220 MB) against one hash per user (100 MB). The version was not named; only 9.1 with the bundled allocator fits both figures.",
    scenario: {
      schema: 1,
      name: 'Four string keys per user',
      workloads: [
        string('user:{id}:name', 1_000_000, 16, 5),
        string('user:{id}:age', 1_000_000, 15, 2, 0, 'int'),
        string('user:{id}:city', 1_000_000, 16, 7),
        string('user:{id}:score', 1_000_000, 17, 3, 0, 'int'),
      ],
    },
    view: { chart: 'stringsVsHash' },
  },
  {
    id: 'php-sessions',
    title: 'PHP sessions',
    description:
      'Serialized PHP sessions (PHPREDIS_SESSION: plus a 26-character id), about 1.5 KB each, all with a TTL. The per-key saving of newer lines is a small share here.',
    scenario: { schema: 1, name: 'PHP sessions', workloads: [string('PHPREDIS_SESSION:{id}', 250_000, 43, 1500, 1)] },
    view: { chart: 'valueSize' },
  },
  {
    id: 'wordpress-object-cache',
    title: 'WordPress object cache (large values)',
    description:
      'Serialized objects of a few KB under wp:{blog}:{group}:{key}. Upgrading 7.2 to 9.1 saves well under 1 % here: -37.5 % does not apply.',
    scenario: {
      schema: 1,
      name: 'WordPress object cache',
      workloads: [string('wp:{blog}:{group}:{key}', 300_000, 40, 4000, 0.3)],
    },
    view: { chart: 'valueSize' },
  },
  {
    id: 'redis-7.0-debian-to-valkey-9.1',
    title: 'Redis 7.0 on Debian → Valkey 9.1',
    description:
      "Debian 12's redis-server 7.0 (system jemalloc, 16-byte quantum) moved to Valkey 9.1 as the project builds it (bundled jemalloc). Small sets and short lists gain most: 7.0 keeps them as hashtables and quicklists. Moving to Debian's own valkey package instead? Choose the system jemalloc under Server build.",
    scenario: {
      schema: 1,
      name: 'Redis 7.0 on Debian to Valkey 9.1',
      workloads: MIGRATION_WORKLOADS,
      versions: ['redis-7.0', '7.2', '8.1', '9.1'],
      baseline: 'redis-7.0',
      target: '9.1',
    },
    view: { chart: 'versions' },
  },
  {
    id: 'redis-8.0-debian-to-valkey-9.1',
    title: 'Redis 8.0 on Debian → Valkey 9.1',
    description:
      "Debian 13's redis-server 8.0 (system jemalloc, 16-byte quantum) moved to Valkey 9.1 as the project builds it (bundled jemalloc): about 9 % less here. Redis 8.0 keeps 7.2's 24-byte dict entries and a separate string for every key; Valkey 8.1+ keeps the key inside its value object. Moving to Debian's own valkey package instead? Choose the system jemalloc under Server build.",
    scenario: {
      schema: 1,
      name: 'Redis 8.0 on Debian to Valkey 9.1',
      workloads: MIGRATION_WORKLOADS,
      versions: ['redis-8.0', '8.1', '9.1'],
      baseline: 'redis-8.0',
      target: '9.1',
    },
    view: { chart: 'versions' },
  },
  {
    id: 'redis-8.6-vs-valkey-9.1',
    title: 'Redis 8.6 vs Valkey 9.1',
    description:
      "The newest lines of both, as their projects build them (bundled jemalloc). Redis 8.6 also keeps the key inside its value object and a hash field beside its value, so the difference is mostly in the tables: 8.6's dicts of 8-byte slots, with a 16-byte entry for each key that finds its slot taken, against 9.1's 64-byte buckets of seven; about 3 % here.",
    scenario: {
      schema: 1,
      name: 'Redis 8.6 vs Valkey 9.1',
      workloads: [
        string('session:{id}', 500_000, 44, 200, 1),
        {
          name: 'user:{id}',
          keys: 200_000,
          keyBytes: 12,
          type: 'hash',
          fields: 6,
          fieldBytes: 8,
          valueBytes: 10,
          ttlFraction: 0,
        },
        string('counter:{id}', 1_000_000, 20, 12),
        { name: 'leaderboard:{day}', keys: 30, keyBytes: 20, type: 'zset', fields: 100_000, valueBytes: 12, ttlFraction: 1 },
      ],
      versions: ['redis-8.6', '9.1'],
      baseline: 'redis-8.6',
      target: '9.1',
    },
    view: { chart: 'versions' },
  },
  {
    id: 'mixed-cache',
    title: 'Mixed cache',
    description: 'Sessions, user profiles as hashes, a leaderboard, per-user tag sets and a job queue on one server.',
    scenario: {
      schema: 1,
      name: 'Mixed cache',
      workloads: [
        string('session:{id}', 400_000, 44, 300, 1),
        {
          name: 'user:{id}',
          keys: 200_000,
          keyBytes: 12,
          type: 'hash',
          fields: 8,
          fieldBytes: 8,
          valueBytes: 12,
          ttlFraction: 0,
        },
        { name: 'leaderboard:{day}', keys: 30, keyBytes: 20, type: 'zset', fields: 100_000, valueBytes: 12, ttlFraction: 1 },
        { name: 'tags:{user}', keys: 200_000, keyBytes: 16, type: 'set', fields: 10, valueBytes: 10, ttlFraction: 0 },
        { name: 'queue:{name}', keys: 20, keyBytes: 14, type: 'list', fields: 50_000, valueBytes: 200, ttlFraction: 0 },
        string('ratelimit:{ip}', 1_000_000, 26, 3, 1, 'int'),
      ],
      deployment: { replicas: 1 },
    },
    view: { chart: 'versions' },
  },
];
