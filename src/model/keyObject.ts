import type { Allocator } from '../data/vocabulary';
import { allocationSize } from './allocator';
import type { Allocation } from './allocation';
import { LINE_LAYOUTS, type ModelLine } from './lines';
import { sdsBytes } from './sds';

/** redisObject / serverObject header: type, encoding, lru, refcount (8 bytes) and ptr (8 bytes). */
export const ROBJ_BYTES = 16;
/** 7.2/8.0 dictEntry {key, val, next}; expires entries have the same shape. */
export const DICT_ENTRY_BYTES = 24;
/** 7.2 cluster mode keeps slot-to-key prev/next pointers as dictEntry metadata. */
export const CLUSTER_ENTRY_METADATA_BYTES = 16;
/** 8.1+: reserved expire field inside the object. */
export const OBJECT_EXPIRE_BYTES = 8;
/** 8.1+: the expire field is always reserved for keys this long (KEY_SIZE_TO_INCLUDE_EXPIRE_THRESHOLD). */
export const KEY_LENGTH_ALWAYS_WITH_EXPIRE = 128;

export interface BuildContext {
  line: ModelLine;
  allocator: Allocator;
  cluster: boolean;
}

/** Bytes of an sds written with a 1-byte header-size prefix into an 8.1+ object (PR #1613). */
export function embeddedKeyBytes(keyBytes: number, line: ModelLine): number {
  return 1 + sdsBytes(keyBytes, line);
}

/** 8.0 copies the argv key's sds as is: an embstr (<= 44 bytes) always has the 8-bit header. */
function argvKeyBytes(keyBytes: number, line: ModelLine): number {
  return keyBytes <= 44 ? 3 + keyBytes + 1 : sdsBytes(keyBytes, line);
}

export function reservesExpireField(keyBytes: number, hasTtl: boolean): boolean {
  return hasTtl || keyBytes >= KEY_LENGTH_ALWAYS_WITH_EXPIRE;
}

/**
 * The keyspace entry that holds a key and points at its value object, without the value and
 * without table slots. On 8.1+ the key lives inside the value object itself, so this is empty
 * there and the object is built by {@link objectWithEmbeddedKey}.
 */
export function keyspaceEntry(ctx: BuildContext, keyBytes: number, hasTtl: boolean): Allocation[] {
  const { line, allocator } = ctx;
  const out: Allocation[] = [];
  const layout = LINE_LAYOUTS[line];
  if (layout.keyStorage === 'separate-sds') {
    const entry = DICT_ENTRY_BYTES + (ctx.cluster ? CLUSTER_ENTRY_METADATA_BYTES : 0);
    out.push({
      component: ctx.cluster ? 'dictEntry + cluster slot links' : 'dictEntry',
      bytes: allocationSize(entry, allocator),
      requested: entry,
    });
    const key = sdsBytes(keyBytes, line);
    out.push({ component: 'key sds', bytes: allocationSize(key, allocator), requested: key });
  } else if (layout.keyStorage === 'embedded-in-entry') {
    const entry = 8 + 8 + 1 + argvKeyBytes(keyBytes, line); // val, next, key-header-size byte, key sds
    out.push({ component: 'dictEntry with embedded key', bytes: allocationSize(entry, allocator), requested: entry });
  }
  if (hasTtl && layout.keyspace === 'dict') {
    out.push({ component: 'expires dictEntry', bytes: allocationSize(DICT_ENTRY_BYTES, allocator), requested: DICT_ENTRY_BYTES });
  }
  return out;
}

/**
 * 8.1+: the value object rebuilt with the key (and expire field) embedded behind its header,
 * plus `extraBytes` embedded after the key (an embedded string value), in one allocation.
 */
export function objectWithEmbeddedKey(
  ctx: BuildContext,
  keyBytes: number,
  hasTtl: boolean,
  component: string,
  headerBytes = ROBJ_BYTES,
  extraBytes = 0,
): Allocation {
  const requested =
    headerBytes +
    (reservesExpireField(keyBytes, hasTtl) ? OBJECT_EXPIRE_BYTES : 0) +
    embeddedKeyBytes(keyBytes, ctx.line) +
    extraBytes;
  return { component, bytes: allocationSize(requested, ctx.allocator), requested };
}
