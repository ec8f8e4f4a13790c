import json from '../../data/throughput-reference.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { ThroughputReference } from './schemas';

/** data/throughput-reference.json, validated by the build (dataFiles.ts). */
export const throughputReference: ThroughputReference = validatedAtBuild<ThroughputReference>(json);
