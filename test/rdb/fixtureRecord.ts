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
  /**
   * On a line whose model does not price hash field TTLs (the Redis lines): the hashes with field
   * TTLs, loaded after the reading above (so usedMemory and datasetBytes leave them out), and
   * what the server used above its empty process with them too.
   */
  unpricedFieldTtlHashes?: { keys: number; datasetBytes: number };
}
