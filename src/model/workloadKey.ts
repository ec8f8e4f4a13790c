import type { Workload } from '../scenario/schema';
import type { Allocation } from './allocation';
import {
  collectionKeyAllocations,
  hashPayload,
  listPayload,
  setPayload,
  zsetPayload,
  type CollectionContext,
} from './collectionKey';
import { workloadElement } from './elements';
import { stringKeyAllocations } from './stringKey';

/** Allocations of one key of a workload (excluding shared keyspace table slots), with or without a TTL. */
export function workloadKeyAllocations(ctx: CollectionContext, w: Workload, hasTtl: boolean): Allocation[] {
  const kind = w.valueKind ?? 'bytes';
  if (w.type === 'string') {
    return stringKeyAllocations(ctx, { keyBytes: w.keyBytes, valueBytes: w.valueBytes, valueKind: kind, hasTtl });
  }
  const n = w.fields ?? 1;
  const element = workloadElement(w.valueBytes, kind);
  const payload =
    w.type === 'hash'
      ? hashPayload(ctx, [{ field: workloadElement(w.fieldBytes ?? 1, 'bytes'), value: element, count: n }])
      : w.type === 'set'
        ? setPayload(ctx, [{ member: element, count: n }])
        : w.type === 'zset'
          ? zsetPayload(ctx, [{ member: element, count: n }])
          : listPayload(ctx, element, n);
  return collectionKeyAllocations(ctx, w.keyBytes, hasTtl, payload);
}
