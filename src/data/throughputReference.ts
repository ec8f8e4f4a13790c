import json from '../../data/throughput-reference.json';
import { parseDataFile } from './parseDataFile';
import { throughputReferenceSchema, type ThroughputReference } from './schemas';

/** data/throughput-reference.json, validated when first imported. */
export const throughputReference: ThroughputReference = parseDataFile(
  throughputReferenceSchema,
  json,
  'throughput-reference.json',
);
