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
  headroomPercent: 300,
  reservedPercent: 90,
  processBaselineBytes: 1e12,
} as const;
