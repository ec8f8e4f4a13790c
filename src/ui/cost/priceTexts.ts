import type { Engine } from '../../data/vocabulary';
import type { MessageId } from '../../i18n';

/**
 * The texts of data/prices.json the cost panel shows, in the catalog (test/i18n/dataMessages.test.ts
 * checks every entry has its message). Cited pages' titles and publishers stay as published.
 */

/** A listed node price's offering, by the offering as the file writes it (node prices have no id). */
export const NODE_OFFERING_TEXTS: Record<string, MessageId> = {
  'EC2 on-demand, Linux': 'cost.data.ec2OnDemandLinux',
};

/** An ElastiCache node price's offering, by its engine (the model names it, not a data file). */
export const ELASTICACHE_OFFERING_TEXTS: Record<Engine, MessageId> = {
  'redis-oss': 'cost.elasticacheOffering.redisOss',
  valkey: 'cost.elasticacheOffering.valkey',
};

/** A serverless offering's name, by its id. */
export const SERVERLESS_OFFERING_TEXTS: Record<string, MessageId> = {
  'elasticache-serverless-valkey': 'cost.data.serverlessValkey',
  'elasticache-serverless-redis-oss': 'cost.data.serverlessRedisOss',
};

/** What a source's page says of its date, by the source's id. */
export const SOURCE_NOTE_TEXTS: Record<string, MessageId> = {
  'usage-ai-elasticache-serverless-2026': 'cost.data.usageAiUndated',
  'aws-elasticache-pricing-minimums': 'cost.data.awsMinimumsUndated',
};
