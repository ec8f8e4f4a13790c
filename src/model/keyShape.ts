import type { Workload } from '../scenario/schema';
import {
  collectionKeyBytes,
  hashPayloadBytes,
  listPayloadBytes,
  setPayloadBytes,
  zsetPayloadBytes,
  type CollectionContext,
  type HashFieldGroup,
  type MemberGroup,
} from './collectionKey';
import { stringElement, workloadElement, type ElementSpec } from './elements';
import type { Itemiser } from './itemiser';
import { stringKeyBytes, type StringKeyShape } from './stringKey';

/** What one key of a family holds, independent of the release line and of its TTL. */
export type KeyShape =
  | ({ type: 'string' } & StringKeyShape)
  | { type: 'hash'; keyBytes: number; fields: readonly HashFieldGroup[] }
  | { type: 'set' | 'zset'; keyBytes: number; members: readonly MemberGroup[] }
  | { type: 'list'; keyBytes: number; element: ElementSpec; length: number };

/**
 * Expected bytes of one key of this shape on ctx's line when a share `ttlFraction` of such keys
 * has a TTL, excluding the shared keyspace and expires tables. A TTL changes only the key-level
 * part of a collection, so its payload is counted once.
 */
export function keyShapeBytes(ctx: CollectionContext, shape: KeyShape, ttlFraction: number, into: Itemiser | null): number {
  const f = ttlFraction;
  const withoutTtl = f < 1 ? 1 - f : 0;
  const withTtl = f > 0 ? f : 0;
  if (shape.type === 'string') {
    return (
      (withoutTtl && withoutTtl * stringKeyBytes(ctx, shape, false, into && into.weighted(withoutTtl))) +
      (withTtl && withTtl * stringKeyBytes(ctx, shape, true, into && into.weighted(withTtl)))
    );
  }
  const key =
    (withoutTtl && withoutTtl * collectionKeyBytes(ctx, shape.keyBytes, false, into && into.weighted(withoutTtl))) +
    (withTtl && withTtl * collectionKeyBytes(ctx, shape.keyBytes, true, into && into.weighted(withTtl)));
  switch (shape.type) {
    case 'hash':
      return key + hashPayloadBytes(ctx, shape.fields, into);
    case 'set':
      return key + setPayloadBytes(ctx, shape.members, into);
    case 'zset':
      return key + zsetPayloadBytes(ctx, shape.members, into);
    case 'list':
      return key + listPayloadBytes(ctx, shape.element, shape.length, into);
  }
}

/** The key shape a workload describes: every element of a collection alike. */
export function workloadShape(w: Workload): KeyShape {
  const kind = w.valueKind ?? 'bytes';
  if (w.type === 'string') return { type: 'string', keyBytes: w.keyBytes, valueBytes: w.valueBytes, valueKind: kind };
  const n = w.fields ?? 1;
  const element = workloadElement(w.valueBytes, kind);
  switch (w.type) {
    case 'hash':
      return {
        type: 'hash',
        keyBytes: w.keyBytes,
        fields: [{ field: stringElement(w.fieldBytes ?? 1), value: element, count: n }],
      };
    case 'set':
    case 'zset':
      return { type: w.type, keyBytes: w.keyBytes, members: [{ member: element, count: n }] };
    case 'list':
      return { type: 'list', keyBytes: w.keyBytes, element, length: n };
  }
}
