/**
 * A key's own allocations on each line: its keyspace entry and name, its object and TTL. A
 * collection's key part is these alone (its payload is priced by its type's file); a string's
 * value lives in or hangs off the same object, so a string key is priced whole here.
 */
import type { ValueKind } from '../data/vocabulary';
import { allocated, type BuildContext } from './allocator';
import type { Parts } from './itemiser';
import type { LineLayout } from './lines';
import { sdsBytes, sdsType8Bytes } from './sds';
import { CLUSTER_DICT_ENTRY_METADATA_BYTES, DICT_ENTRY_BYTES, POINTER_BYTES, ROBJ_BYTES } from './structs';

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

/**
 * The key-level part of a collection key on its line, when a share `ttlFraction` of its family
 * has a TTL: entry and robj, or the 8.1+ object with the key, whose size a TTL can change.
 */
export function collectionKeyBytes(ctx: BuildContext, keyBytes: number, ttlFraction: number, into: Parts): number {
  if (ctx.layout.keyStorage === 'embedded-in-object') {
    return objectWithEmbeddedKeyBytes(ctx, keyBytes, ttlFraction, 'object: key + payload pointer', into);
  }
  return keyspaceEntryBytes(ctx, keyBytes, ttlFraction, into) + into.part('robj', allocated(ctx, ROBJ_BYTES));
}

/** Strings up to this length arrive from the client as one embstr allocation (robj + sdshdr8). */
export const EMBSTR_SIZE_LIMIT = 44;
/** Integers 0..9999 are shared objects on 7.2/8.0 (OBJ_SHARED_INTEGERS) unless LRU/LFU eviction is set. */
export const SHARED_INTEGER_MAX_DIGITS = 4;

export interface StringKeyShape {
  keyBytes: number;
  valueBytes: number;
  valueKind: ValueKind;
}

/** 7.2/8.0: the value object as SET stores it (argv object after tryObjectEncoding). */
function legacyValueBytes(ctx: BuildContext, s: StringKeyShape, into: Parts): number {
  const layout = ctx.layout;
  if (s.valueKind === 'int') {
    if (s.valueBytes <= SHARED_INTEGER_MAX_DIGITS) return into.part('value: shared integer object', 0);
    return into.part('value robj (int encoding)', allocated(ctx, ROBJ_BYTES));
  }
  if (s.valueBytes <= EMBSTR_SIZE_LIMIT) {
    return into.part('value embstr (robj + sds)', allocated(ctx, ROBJ_BYTES + sdsType8Bytes(s.valueBytes)));
  }
  return (
    into.part('value robj', allocated(ctx, ROBJ_BYTES)) + into.part('value sds', allocated(ctx, sdsBytes(s.valueBytes, layout)))
  );
}

/**
 * 8.1+: bytes requested for the object with key, expire and the value embedded, when the whole
 * object fits the line's budget; 0 when the value goes into an sds of its own.
 */
function embeddedValueRequest(ctx: BuildContext, s: StringKeyShape, hasTtl: boolean): number {
  const embedded = embeddedValueOffset(ctx, s.keyBytes, hasTtl) + s.valueBytes;
  return embedsValue(ctx.layout, s, embedded) ? embedded : 0;
}

/**
 * Whether the value goes inside the key object. Valkey 8.1+: when the whole request fits the
 * budget (the embedded value keeps an 8-bit sds header, so at most 255 bytes). Redis 8.6 (object.c
 * kvobjSet): only an embstr value (<= 44 bytes), when 16 + key + 3 + value + 4 fits the 64-byte
 * cache line, whatever the key's sds header and without the expire field stored before the object.
 */
function embedsValue(layout: LineLayout, s: StringKeyShape, objectRequest: number): boolean {
  if (layout.embeddedValueFit === 'key-and-value') {
    return s.valueBytes <= EMBSTR_SIZE_LIMIT && keyAndValueRequest(s.keyBytes, s.valueBytes) <= layout.embeddedObjectBudget;
  }
  return s.valueBytes <= 255 && objectRequest <= layout.embeddedObjectBudget;
}

/** Redis 8.6's test of an embedded value: the object header, the key, the value and their sds headers. */
const keyAndValueRequest = (keyBytes: number, valueBytes: number) => ROBJ_BYTES + keyBytes + 3 + valueBytes + 4;

/**
 * 8.1+: the longest value that stays in the object of a key of `keyBytes` bytes on ctx's line;
 * -1 on lines that never embed a value with the key.
 */
export function longestEmbeddedValue(ctx: BuildContext, keyBytes: number, hasTtl: boolean): number {
  const layout = ctx.layout;
  if (layout.keyStorage !== 'embedded-in-object') return -1;
  if (layout.embeddedValueFit === 'key-and-value') {
    return Math.min(EMBSTR_SIZE_LIMIT, layout.embeddedObjectBudget - keyAndValueRequest(keyBytes, 0));
  }
  return Math.min(255, layout.embeddedObjectBudget - embeddedValueOffset(ctx, keyBytes, hasTtl));
}

/** 8.1+: the bytes an object with an embedded value requests besides the value's own bytes. */
export function embeddedValueOffset(ctx: BuildContext, keyBytes: number, hasTtl: boolean): number {
  const header = ctx.layout.embeddedValueReusesPointer ? ROBJ_BYTES - POINTER_BYTES : ROBJ_BYTES;
  return embeddedObjectRequest(ctx, keyBytes, hasTtl, header, sdsType8Bytes(0));
}

/** How a string key's value is stored, as OBJECT ENCODING names it. */
export type StringEncoding = 'int' | 'embstr' | 'raw';

/** The encoding of a string key on ctx's line, with or without a TTL (on 8.1+ a TTL can push the value out). */
export function stringEncoding(ctx: BuildContext, s: StringKeyShape, hasTtl: boolean): StringEncoding {
  if (s.valueKind === 'int') return 'int';
  if (ctx.layout.keyStorage === 'embedded-in-object') return embeddedValueRequest(ctx, s, hasTtl) > 0 ? 'embstr' : 'raw';
  return s.valueBytes <= EMBSTR_SIZE_LIMIT ? 'embstr' : 'raw';
}

/** 8.1+: one object carries key, expire and, when the whole object fits the budget, the value. */
function objectValueBytes(ctx: BuildContext, s: StringKeyShape, hasTtl: boolean, into: Parts): number {
  const layout = ctx.layout;
  if (s.valueKind === 'int') {
    return objectWithEmbeddedKeyBytes(ctx, s.keyBytes, hasTtl ? 1 : 0, 'object: key + integer value', into);
  }
  const embedded = embeddedValueRequest(ctx, s, hasTtl);
  if (embedded > 0) {
    const valueSds = sdsType8Bytes(s.valueBytes);
    // 9.1 decides on the value's own size but allocates at least the pointer it overwrote, so the
    // value can be moved out later (object.c, createEmbeddedStringObjectWithKeyAndExpire).
    const request = layout.embeddedValueReusesPointer ? embedded - valueSds + Math.max(valueSds, POINTER_BYTES) : embedded;
    return into.part('object: key + embedded value', allocated(ctx, request));
  }
  return (
    objectWithEmbeddedKeyBytes(ctx, s.keyBytes, hasTtl ? 1 : 0, 'object: key + value pointer', into) +
    into.part('value sds', allocated(ctx, sdsBytes(s.valueBytes, ctx.layout)))
  );
}

/**
 * Bytes one string key adds when a share `ttlFraction` of its family has a TTL, excluding
 * keyspace and expires table slots (those depend on the total key count and are shared out by
 * the keyspace model). On 8.1+ a TTL can decide whether the value still fits in the object.
 */
export function stringKeyBytes(ctx: BuildContext, s: StringKeyShape, ttlFraction: number, into: Parts): number {
  if (ctx.layout.keyStorage === 'embedded-in-object') {
    const f = ttlFraction;
    const withoutTtl = f < 1 ? 1 - f : 0;
    return (
      (withoutTtl && withoutTtl * objectValueBytes(ctx, s, false, into.weighted(withoutTtl))) +
      (f && f * objectValueBytes(ctx, s, true, into.weighted(f)))
    );
  }
  return keyspaceEntryBytes(ctx, s.keyBytes, ttlFraction, into) + legacyValueBytes(ctx, s, into);
}
