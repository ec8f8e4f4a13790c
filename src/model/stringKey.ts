import type { ValueKind } from '../data/vocabulary';
import { allocationSize } from './allocator';
import type { Allocation } from './allocation';
import { keyspaceEntry, objectWithEmbeddedKey, ROBJ_BYTES, type BuildContext } from './keyObject';
import { LINE_LAYOUTS } from './lines';
import { sdsBytes, sdsType8Bytes } from './sds';

/** Strings up to this length arrive from the client as one embstr allocation (robj + sdshdr8). */
export const EMBSTR_SIZE_LIMIT = 44;
/** Integers 0..9999 are shared objects on 7.2/8.0 (OBJ_SHARED_INTEGERS) unless LRU/LFU eviction is set. */
export const SHARED_INTEGER_MAX_DIGITS = 4;

export interface StringKeyProfile {
  keyBytes: number;
  valueBytes: number;
  valueKind: ValueKind;
  hasTtl: boolean;
}

/** 7.2/8.0: the value object as SET stores it (argv object after tryObjectEncoding). */
function legacyValue(ctx: BuildContext, p: StringKeyProfile): Allocation[] {
  const { allocator, line } = ctx;
  if (p.valueKind === 'int') {
    if (p.valueBytes <= SHARED_INTEGER_MAX_DIGITS) return [{ component: 'value: shared integer object', bytes: 0 }];
    return [{ component: 'value robj (int encoding)', bytes: allocationSize(ROBJ_BYTES, allocator), requested: ROBJ_BYTES }];
  }
  if (p.valueBytes <= EMBSTR_SIZE_LIMIT) {
    const requested = ROBJ_BYTES + sdsType8Bytes(p.valueBytes);
    return [{ component: 'value embstr (robj + sds)', bytes: allocationSize(requested, allocator), requested }];
  }
  const sds = sdsBytes(p.valueBytes, line);
  return [
    { component: 'value robj', bytes: allocationSize(ROBJ_BYTES, allocator), requested: ROBJ_BYTES },
    { component: 'value sds', bytes: allocationSize(sds, allocator), requested: sds },
  ];
}

/** 8.1+: one object carries key, expire and, when the whole object fits the budget, the value. */
function objectValue(ctx: BuildContext, p: StringKeyProfile): Allocation[] {
  const layout = LINE_LAYOUTS[ctx.line];
  if (p.valueKind === 'int') {
    return [objectWithEmbeddedKey(ctx, p.keyBytes, p.hasTtl, 'object: key + integer value')];
  }
  const header = layout.embeddedValueReusesPointer ? ROBJ_BYTES - 8 : ROBJ_BYTES;
  const embedded = objectWithEmbeddedKey(
    ctx,
    p.keyBytes,
    p.hasTtl,
    'object: key + embedded value',
    header,
    sdsType8Bytes(p.valueBytes),
  );
  const argvWasEmbstrOrFits = p.valueBytes <= 255; // the embedded value keeps an 8-bit sds header
  if (argvWasEmbstrOrFits && embedded.requested! <= layout.embeddedObjectBudget) return [embedded];
  const sds = sdsBytes(p.valueBytes, ctx.line);
  return [
    objectWithEmbeddedKey(ctx, p.keyBytes, p.hasTtl, 'object: key + value pointer'),
    { component: 'value sds', bytes: allocationSize(sds, ctx.allocator), requested: sds },
  ];
}

/**
 * Allocations one string key adds, excluding keyspace and expires table slots (those depend on
 * the total key count and are shared out by the keyspace model).
 */
export function stringKeyAllocations(ctx: BuildContext, p: StringKeyProfile): Allocation[] {
  const entry = keyspaceEntry(ctx, p.keyBytes, p.hasTtl);
  const value = LINE_LAYOUTS[ctx.line].keyStorage === 'embedded-in-object' ? objectValue(ctx, p) : legacyValue(ctx, p);
  return [...entry, ...value];
}
