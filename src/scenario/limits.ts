/** Beyond these a figure is a typo, not a deployment: they are rejected, never clamped (schema.ts). */
export const LIMITS = {
  keysPerWorkload: 1e12,
  keyBytes: 65_536,
  valueBytes: 512 * 1024 * 1024,
  fields: 100_000_000,
  workloads: 100,
  nameLength: 80,
  shards: 1000,
  replicasPerShard: 10,
  fragmentationRatio: 5,
  /** Days of churn the RSS model looks back over, and the largest factor a rewrite changes values by. */
  churnDays: 3650,
  rewriteFactor: 100,
  headroomPercent: 300,
  reservedPercent: 90,
  processBaselineBytes: 1e12,
  pricePerNodeHour: 1000,
  discountPercent: 99,
  /** Reads and writes per second, for serverless ECPUs: far past the largest cluster's 500 M (facts.md §5). */
  requestsPerSecond: 1e10,
  /** Kilobytes one request transfers: a value is at most 512 MiB. */
  kbPerRequest: 524_288,
  /** The strings-vs-hash chart's entity (view.ts). */
  entityCount: 1e10,
  entityFields: 1000,
  entityFieldBytes: 1000,
  entityValueBytes: 100_000,
  /** Cores per node, for the throughput panel. */
  cores: 256,
} as const;

/**
 * Each encoding threshold's valkey.conf name and bounds: the schema checks them, the server
 * settings form parses with them. list-max-listpack-size is -1 to -5 (4 to 64 KiB per node) or a count.
 */
export const THRESHOLD_LIMITS = {
  hashMaxListpackEntries: { setting: 'hash-max-listpack-entries', min: 0, max: 1_000_000 },
  hashMaxListpackValue: { setting: 'hash-max-listpack-value', min: 0, max: 1_000_000 },
  setMaxIntsetEntries: { setting: 'set-max-intset-entries', min: 0, max: 1_000_000 },
  setMaxListpackEntries: { setting: 'set-max-listpack-entries', min: 0, max: 1_000_000 },
  setMaxListpackValue: { setting: 'set-max-listpack-value', min: 0, max: 1_000_000 },
  zsetMaxListpackEntries: { setting: 'zset-max-listpack-entries', min: 0, max: 1_000_000 },
  zsetMaxListpackValue: { setting: 'zset-max-listpack-value', min: 0, max: 1_000_000 },
  listMaxListpackSize: { setting: 'list-max-listpack-size', min: -5, max: 1_000_000 },
} as const;
