import json from '../../data/percona-string-benchmark.json';
import { parseDataFile } from './parseDataFile';
import { stringBenchmarkSchema, type StringBenchmark } from './schemas';

/** data/percona-string-benchmark.json, validated when first imported. */
export const stringBenchmark: StringBenchmark = parseDataFile(stringBenchmarkSchema, json, 'percona-string-benchmark.json');
