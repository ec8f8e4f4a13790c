import caveatsJson from '../../data/caveats.json';
import throughputReferenceJson from '../../data/throughput-reference.json';
import emptyServerJson from '../../data/empty-server.json';
import introFiguresJson from '../../data/percona-intro-1tb.json';
import pricesJson from '../../data/prices.json';
import elasticachePricesJson from '../../data/elasticache-prices.json';
import stringsVsHashJson from '../../data/percona-strings-vs-hash.json';
import stringBenchmarkJson from '../../data/percona-string-benchmark.json';
import instanceTypesJson from '../../data/instance-types.json';
import providerRulesJson from '../../data/provider-rules.json';
import { parseDataFile } from './parseDataFile';
import {
  caveatsSchema,
  throughputReferenceSchema,
  emptyServerSchema,
  introFiguresSchema,
  pricesSchema,
  elasticachePricesSchema,
  stringsVsHashSchema,
  stringBenchmarkSchema,
  instanceTypesSchema,
  providerRulesSchema,
} from './schemas';
import type { z } from './zod';

/** Every bundled data file with its schema: checked by the build and by the tests, not in the page. */
export const DATA_FILES: ReadonlyArray<{ file: string; schema: z.ZodMiniType<unknown>; json: unknown }> = [
  { file: 'caveats.json', schema: caveatsSchema, json: caveatsJson },
  { file: 'throughput-reference.json', schema: throughputReferenceSchema, json: throughputReferenceJson },
  { file: 'empty-server.json', schema: emptyServerSchema, json: emptyServerJson },
  { file: 'percona-intro-1tb.json', schema: introFiguresSchema, json: introFiguresJson },
  { file: 'prices.json', schema: pricesSchema, json: pricesJson },
  { file: 'elasticache-prices.json', schema: elasticachePricesSchema, json: elasticachePricesJson },
  { file: 'percona-strings-vs-hash.json', schema: stringsVsHashSchema, json: stringsVsHashJson },
  { file: 'percona-string-benchmark.json', schema: stringBenchmarkSchema, json: stringBenchmarkJson },
  { file: 'instance-types.json', schema: instanceTypesSchema, json: instanceTypesJson },
  { file: 'provider-rules.json', schema: providerRulesSchema, json: providerRulesJson },
];

/** Throws, naming the file and the field, at the first data file its schema refuses. */
export function validateDataFiles(): void {
  for (const { file, schema, json } of DATA_FILES) parseDataFile(schema, json, file);
}
