import { allocated, type BuildContext } from './allocator';
import type { Parts } from './itemiser';
import type { LineLayout } from './lines';
import { sdsBytes } from './sds';
import { CLUSTER_DICT_ENTRY_METADATA_BYTES, DICT_ENTRY_BYTES, ROBJ_BYTES } from './structs';

/** 8.1+: reserved expire field inside the object. */
export const OBJECT_EXPIRE_BYTES = 8;
/** 8.1+: the expire field is always reserved for keys this long (KEY_SIZE_TO_INCLUDE_EXPIRE_THRESHOLD). */
export const KEY_LENGTH_ALWAYS_WITH_EXPIRE = 128;

// capacity.ts takes the pricing context's type from here.
export type { BuildContext };

/** Bytes of an sds written with a 1-byte header-size prefix into an 8.1+ object (PR #1613). */
export function embeddedKeyBytes(keyBytes: number, layout: LineLayout): number {
  return 1 + sdsBytes(keyBytes, layout);
}

/** 8.0 copies the argv key's sds as is: an embstr (<= 44 bytes) always has the 8-bit header. */
function argvKeyBytes(keyBytes: number, layout: LineLayout): number {
  return keyBytes <= 44 ? 3 + keyBytes + 1 : sdsBytes(keyBytes, layout);
}

export function reservesExpireField(keyBytes: number, hasTtl: boolean): boolean {
  return hasTtl || keyBytes >= KEY_LENGTH_ALWAYS_WITH_EXPIRE;
}

/**
 * The keyspace entry that holds a key and points at its value object, without the value and
 * without table slots, when a share `ttlFraction` of the key's family has a TTL: each of those
 * also has an entry in the expires dict. On 8.1+ the key (and its expire time) lives inside the
 * value object itself, so this is empty there and the object is counted by
 * {@link objectWithEmbeddedKeyBytes}.
 */
export function keyspaceEntryBytes(ctx: BuildContext, keyBytes: number, ttlFraction: number, into: Parts): number {
  const layout = ctx.layout;
  let bytes = 0;
  if (layout.keyStorage === 'separate-sds') {
    // 7.2 links each key to its slot's neighbours; lines with a table per slot (Redis 8.0) do not.
    const slotLinks = ctx.cluster && !layout.clusterPerSlotTables;
    const entry = DICT_ENTRY_BYTES + (slotLinks ? CLUSTER_DICT_ENTRY_METADATA_BYTES : 0);
    bytes += into.part(slotLinks ? 'dictEntry + cluster slot links' : 'dictEntry', allocated(ctx, entry));
    bytes += into.part('key sds', allocated(ctx, sdsBytes(keyBytes, layout)));
  } else if (layout.keyStorage === 'embedded-in-entry') {
    const entry = 8 + 8 + 1 + argvKeyBytes(keyBytes, layout); // val, next, key-header-size byte, key sds
    bytes += into.part('dictEntry with embedded key', allocated(ctx, entry));
  }
  if (ttlFraction > 0 && layout.keyspace === 'dict') {
    const expiresEntry = allocated(ctx, DICT_ENTRY_BYTES);
    bytes += ttlFraction * into.weighted(ttlFraction).part('expires dictEntry', expiresEntry);
  }
  return bytes;
}

/**
 * 8.1+: bytes requested for the value object rebuilt with the key (and expire field) embedded
 * behind its header, plus `extraBytes` embedded after the key (an embedded string value).
 */
export function embeddedObjectRequest(
  ctx: BuildContext,
  keyBytes: number,
  hasTtl: boolean,
  headerBytes = ROBJ_BYTES,
  extraBytes = 0,
): number {
  return (
    headerBytes +
    (reservesExpireField(keyBytes, hasTtl) ? OBJECT_EXPIRE_BYTES : 0) +
    embeddedKeyBytes(keyBytes, ctx.layout) +
    extraBytes
  );
}

/**
 * 8.1+: the value object with the key embedded, as one allocation, when a share `ttlFraction`
 * of the key's family has a TTL. A TTL reserves the expire field, unless the key is long enough
 * to have one anyway, and so can move the object to a larger size class.
 */
export function objectWithEmbeddedKeyBytes(
  ctx: BuildContext,
  keyBytes: number,
  ttlFraction: number,
  component: string,
  into: Parts,
): number {
  const f = ttlFraction;
  const withoutTtl = f < 1 ? 1 - f : 0;
  const request = embeddedObjectRequest(ctx, keyBytes, false);
  const requestWithTtl = reservesExpireField(keyBytes, false) ? request : request + OBJECT_EXPIRE_BYTES;
  return (
    (withoutTtl && withoutTtl * into.weighted(withoutTtl).part(component, allocated(ctx, request))) +
    (f && f * into.weighted(f).part(component, allocated(ctx, requestWithTtl)))
  );
}
