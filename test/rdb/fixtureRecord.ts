import type { Allocator } from '../../src/data/vocabulary';
import type { LineId } from '../../src/model/lineRegistry';

/** What the server that wrote a fixture dump said of its memory (test/rdb/makeFixtures.ts). */
export interface RdbFixtureRecord {
  server: string;
  version: string;
  line: LineId;
  allocator: Allocator;
  keys: number;
  /** used_memory of the empty server, then with the dataset loaded (before SAVE). */
  emptyUsedMemory: number;
  usedMemory: number;
  datasetBytes: number;
}
