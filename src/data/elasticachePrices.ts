import json from '../../data/elasticache-prices.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { ElasticachePrices } from './schemas';

/** data/elasticache-prices.json, validated by the build (dataFiles.ts). */
export const elasticachePrices: ElasticachePrices = validatedAtBuild<ElasticachePrices>(json);
