import json from '../../data/percona-string-benchmark.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { StringBenchmark } from './schemas';

/** data/percona-string-benchmark.json, validated by the build (dataFiles.ts). */
export const stringBenchmark: StringBenchmark = validatedAtBuild<StringBenchmark>(json);
