import type { VersionLine } from '../data/vocabulary';

/** What changed between release lines, as far as per-key memory goes. */
export interface LineLayout {
  /** 7.2/8.0: chained dict of 8-byte slots; 8.1+: hashtable of 64-byte, 7-slot buckets. */
  keyspace: 'dict' | 'hashtable';
  /** 7.2: key copied to its own sds; 8.0: key bytes inside the dict entry; 8.1+: key inside the value object. */
  keyStorage: 'separate-sds' | 'embedded-in-entry' | 'embedded-in-object';
  /**
   * Largest string-value object that stays one allocation: 7.2/8.0 embstr (value <= 44 bytes),
   * 8.1/9.0 the whole key+value object <= 64 bytes, 9.1 <= 128 bytes with the value pointer reused.
   */
  embeddedObjectBudget: number;
  /** 9.1: an embedded value overwrites the object's 8-byte pointer. */
  embeddedValueReusesPointer: boolean;
}

export const LINE_LAYOUTS: Record<VersionLine, LineLayout> = {
  '7.2': { keyspace: 'dict', keyStorage: 'separate-sds', embeddedObjectBudget: 64, embeddedValueReusesPointer: false },
  '8.0': { keyspace: 'dict', keyStorage: 'embedded-in-entry', embeddedObjectBudget: 64, embeddedValueReusesPointer: false },
  '8.1': { keyspace: 'hashtable', keyStorage: 'embedded-in-object', embeddedObjectBudget: 64, embeddedValueReusesPointer: false },
  '9.0': { keyspace: 'hashtable', keyStorage: 'embedded-in-object', embeddedObjectBudget: 64, embeddedValueReusesPointer: false },
  '9.1': { keyspace: 'hashtable', keyStorage: 'embedded-in-object', embeddedObjectBudget: 128, embeddedValueReusesPointer: true },
};
