import { ElementTally, PairTally } from '../../src/rdb/elements';
import type { KeyBytes, KeyRecord, KeyValue } from '../../src/rdb/records';

/** A copy of a key's kept bytes, to keep. */
export function keyPrefix(key: KeyBytes): Uint8Array {
  return key.keyBytes.slice(key.keyFrom, key.keyFrom + key.keyKept);
}

/** A key record as a test keeps it: the reader refills its own record for every key, so each is copied. */
export type KeptRecord = Omit<KeyRecord, 'keyBytes' | 'keyFrom' | 'keyKept'> & { key: Uint8Array };

function copyElements(tally: ElementTally): ElementTally {
  const copy = new ElementTally();
  for (const g of tally.members()) for (let i = 0; i < g.count; i++) copy.add(g.member);
  return copy;
}

function copyValue(value: KeyValue): KeyValue {
  switch (value.type) {
    case 'list':
      return {
        ...value,
        elements: copyElements(value.elements),
        listpackNodeBytes: [...value.listpackNodeBytes],
        plainNodeBytes: [...value.plainNodeBytes],
      };
    case 'set':
    case 'zset':
      return { ...value, members: copyElements(value.members) };
    case 'hash': {
      const pairs = new PairTally();
      for (const g of value.pairs.pairs()) for (let i = 0; i < g.count; i++) pairs.add(g.field, g.value);
      return { ...value, pairs };
    }
    default:
      return { ...value };
  }
}

/** A copy of the record to keep after the reader's callback. */
export function keptRecord(record: KeyRecord): KeptRecord {
  const { keyBytes: _bytes, keyFrom: _from, keyKept: _kept, value, ...rest } = record;
  return { ...rest, key: keyPrefix(record), value: copyValue(value) };
}
