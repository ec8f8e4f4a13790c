import type { EncodingThresholds } from './encodingThresholds';
import {
  allocatedSds,
  countOf,
  listpackBytes,
  listpackRequest,
  presizedForThreshold,
  type HashFieldGroup,
} from './collectionKey';
import { collectionTableBytes, NO_TABLE, tableGeometry, type TableGeometry } from './collectionTables';
import type { Parts } from './itemiser';
import { allocated, DICT_ENTRY_BYTES, type BuildContext } from './keyObject';
import { listpackEntryBytes } from './listpack';
import { sdsBytes } from './sds';

/** A hash's payload with its encoding decided: the thresholds choose it, whatever the line. */
export interface PreparedHash {
  fields: readonly HashFieldGroup[];
  /** Bytes requested for the listpack; 0 when the hash is a table. */
  listpackRequest: number;
  table: TableGeometry;
}

export function prepareHash(fields: readonly HashFieldGroup[], t: EncodingThresholds): PreparedHash {
  const n = countOf(fields);
  let longest = 0;
  for (const f of fields) longest = Math.max(longest, f.field.length, f.value.length);
  if (n <= t.hashMaxListpackEntries && longest <= t.hashMaxListpackValue) {
    let entries = 0;
    for (const f of fields) entries += (listpackEntryBytes(f.field) + listpackEntryBytes(f.value)) * f.count;
    return { fields, listpackRequest: listpackRequest(entries), table: NO_TABLE };
  }
  return { fields, listpackRequest: 0, table: tableGeometry(n, presizedForThreshold(n, t.hashMaxListpackEntries)) };
}

/** 8.1+ hash entry: field and a short value in one allocation, else field + value pointer and a value sds. */
function hashEntry81Bytes(ctx: BuildContext, f: HashFieldGroup, into: Parts): number {
  const embedded = sdsBytes(f.field.length, ctx.layout) + f.value.length + 4;
  if (embedded <= 128) return into.part('hash entry (field + value)', allocated(ctx, embedded));
  return (
    into.part('hash entry (value pointer + field)', allocated(ctx, 8 + f.field.length + 4)) +
    into.part('hash value sds', allocatedSds(ctx, f.value))
  );
}

/** 7.2/8.0 hash entry: a dictEntry and two sds strings. */
function hashDictEntryBytes(ctx: BuildContext, f: HashFieldGroup, into: Parts): number {
  return (
    into.part('hash dictEntry', allocated(ctx, DICT_ENTRY_BYTES)) +
    into.part('hash field sds', allocatedSds(ctx, f.field)) +
    into.part('hash value sds', allocatedSds(ctx, f.value))
  );
}

export function hashPayloadBytes(ctx: BuildContext, hash: PreparedHash, into: Parts): number {
  if (hash.listpackRequest > 0) return listpackBytes(ctx, hash.listpackRequest, 'hash listpack', into);
  const layout = ctx.layout;
  const entryBytes = layout.hashEmbeddedEntries ? hashEntry81Bytes : hashDictEntryBytes;
  let bytes = 0;
  for (const f of hash.fields) bytes += f.count * entryBytes(ctx, f, into.weighted(f.count));
  return bytes + collectionTableBytes(ctx, hash.table, into, layout.hashHashtableStructBytes);
}
