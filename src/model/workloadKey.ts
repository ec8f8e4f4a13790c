import type { Workload } from '../scenario/schema';
import type { Allocation } from './allocation';
import type { BuildContext } from './keyObject';
import { stringKeyAllocations } from './stringKey';

/** Allocations of one key of a workload (excluding shared table slots), with or without a TTL. */
export function workloadKeyAllocations(ctx: BuildContext, w: Workload, hasTtl: boolean): Allocation[] {
  switch (w.type) {
    case 'string':
      return stringKeyAllocations(ctx, {
        keyBytes: w.keyBytes,
        valueBytes: w.valueBytes,
        valueKind: w.valueKind ?? 'bytes',
        hasTtl,
      });
    default:
      throw new Error(`type ${w.type} is not modeled yet`);
  }
}
