import type { ValueKind } from '../data/vocabulary';
import type { Parts } from './itemiser';
import { embeddedObjectRequest, keyspaceEntryBytes, objectWithEmbeddedKeyBytes } from './keyObject';
import { allocated, type BuildContext } from './allocator';
import type { LineLayout } from './lines';
import { sdsBytes, sdsType8Bytes } from './sds';
import { POINTER_BYTES, ROBJ_BYTES } from './structs';

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
