import { z } from 'zod';
import stringBenchmarkJson from '../../data/percona-string-benchmark.json';
import introFiguresJson from '../../data/percona-intro-1tb.json';
import stringsVsHashJson from '../../data/percona-strings-vs-hash.json';
import throughputReferenceJson from '../../data/throughput-reference.json';
import instanceTypesJson from '../../data/instance-types.json';
import emptyServerJson from '../../data/empty-server.json';
import caveatsJson from '../../data/caveats.json';
import {
  caveatsSchema,
  emptyServerSchema,
  instanceTypesSchema,
  introFiguresSchema,
  stringBenchmarkSchema,
  stringsVsHashSchema,
  throughputReferenceSchema,
  type Caveats,
  type EmptyServer,
  type InstanceTypes,
  type IntroFigures,
  type StringBenchmark,
  type StringsVsHash,
  type ThroughputReference,
} from './schemas';

/** Validates a bundled data file; a broken file is a build defect, so it throws with the file and field named. */
export function parseDataFile<T>(schema: z.ZodType<T>, json: unknown, file: string): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`data/${file} is invalid: ${z.prettifyError(result.error)}`);
  return result.data;
}

export const stringBenchmark: StringBenchmark = parseDataFile(
  stringBenchmarkSchema,
  stringBenchmarkJson,
  'percona-string-benchmark.json',
);
export const introFigures: IntroFigures = parseDataFile(introFiguresSchema, introFiguresJson, 'percona-intro-1tb.json');
export const stringsVsHash: StringsVsHash = parseDataFile(stringsVsHashSchema, stringsVsHashJson, 'percona-strings-vs-hash.json');
export const throughputReference: ThroughputReference = parseDataFile(
  throughputReferenceSchema,
  throughputReferenceJson,
  'throughput-reference.json',
);
export const instanceTypes: InstanceTypes = parseDataFile(instanceTypesSchema, instanceTypesJson, 'instance-types.json');
export const emptyServer: EmptyServer = parseDataFile(emptyServerSchema, emptyServerJson, 'empty-server.json');
export const caveats: Caveats = parseDataFile(caveatsSchema, caveatsJson, 'caveats.json');
