/** The per-key pricing the snapshot sizer (src/rdb) prices each key of a file with: the model's second entry. */
export type { ElementSpec } from './elements';
export { integerElement, stringElement } from './elements';
export { keyspaceShare } from './estimate';
export { TOTALS_ONLY } from './itemiser';
export type { BuildContext } from './allocator';
export { allocated, layoutContext } from './allocator';
export { collectionKeyBytes } from './keyObject';
export type { PreparedKey } from './keyShape';
export { keysWithVolatileFieldsShare, prepareKey, preparedKeyBytes } from './keyShape';
export { hashListpackRequest, intsetRequest, membersListpackRequest } from './collectionKey';
export type { LineLayout } from './lines';
export { listNodesPayloadBytes } from './listKey';
export { LISTPACK_OVERHEAD, listpackEntryBytes } from './listpack';
export { HASHTABLE_BUCKET_BYTES, HASHTABLE_SLOTS_PER_BUCKET, POINTER_BYTES } from './structs';
export { dictSlots, hashtableBuckets } from './tables';
export { prepareZset } from './zsetKey';
