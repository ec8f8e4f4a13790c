/**
 * Sizes of the server's C structs the model prices, one constant per struct, each with where it
 * is declared (64-bit builds). Where a struct changed between lines, each size is its own
 * constant and the line's layout (lines.ts) names which one it has. A field inside a struct
 * (an expiry, a pointer) is priced where it is used, not here.
 *
 * Checked against Valkey's tags 7.2.7 and 8.0.1: the dict structs, robj, kvstoreDictMetadata,
 * quicklist, zset and zskiplist. The 8.1+ structs are read from hashtable.c, kvstore.c, vset.c
 * and rax.h of the development branch, and the 9.1 ones from the PRs named: no 8.1+ tag was at
 * hand to check them against.
 */

/** A pointer: a dict slot (7.2/8.0) and an entry slot of a hashtable bucket (8.1+). */
export const POINTER_BYTES = 8;

/** server.h `struct serverObject` (7.2: `struct redisObject`): type, encoding, lru, refcount (8 bytes) and ptr. */
export const ROBJ_BYTES = 16;

/**
 * dict.h `struct dict` (7.2, 8.0): type, two table pointers, two used counts, rehashidx, then
 * pauserehash, the two size exponents (and in 8.0 pauseAutoResize) padded to 8.
 */
export const DICT_STRUCT_BYTES = 56;
/** dict.c `dictEntry` {key, v, next} (7.2, 8.0); expires entries have the same shape. */
export const DICT_ENTRY_BYTES = 24;
/** dict.c `dictEntryNoValue` {key, next} (7.2, 8.0): a set member that shares its slot. */
export const DICT_ENTRY_NO_VALUE_BYTES = 16;
/** 7.2 cluster.h `clusterDictEntryMetadata` {prev, next}: each keyspace entry's slot-to-key links. */
export const CLUSTER_DICT_ENTRY_METADATA_BYTES = 16;
/**
 * 8.0 kvstore.c `kvstoreDictMetadata` {rehashing_node, kvs}: after each keyspace dict, J(72) = 80
 * (measured on 8.0.1: the dict of a database and of every cluster slot, created with its first key).
 */
export const KVSTORE_DICT_METADATA_BYTES = 16;
/** Redis 7.4+ kvstore.h `kvstoreDictMetaBase` {rehashing_node}: after each dict of a kvstore (the expires' dicts). */
export const KVSTORE_DICT_META_BASE_BYTES = 8;
/** Redis 8 keysizes histogram: MAX_KEYSIZES_TYPES (5) x MAX_KEYSIZES_BINS (60) 8-byte counters (8.0 kvstore.h, 8.6 server.h). */
export const KEYSIZES_HISTOGRAM_BYTES = 5 * 60 * 8;
/** Redis 8.0 kvstore.c `kvstoreDictMetaEx` {base, keysizes_hist}: after each keyspace dict. */
export const REDIS_80_KEYSPACE_DICT_METADATA_BYTES = KVSTORE_DICT_META_BASE_BYTES + KEYSIZES_HISTOGRAM_BYTES;
/**
 * Redis 8.6 server.h `kvstoreDictMetadata` {base, alloc_size, cpu_usec, network_bytes_in,
 * network_bytes_out, keysizes_hist}: after each keyspace dict.
 */
export const REDIS_86_KEYSPACE_DICT_METADATA_BYTES = KVSTORE_DICT_META_BASE_BYTES + 4 * 8 + KEYSIZES_HISTOGRAM_BYTES;
/** Redis 8.6 t_hash.c hashDictMetadataBytes, server.c setDictMetadataBytes: a size_t after a hash's or set's dict. */
export const REDIS_86_COLLECTION_DICT_METADATA_BYTES = 8;

/**
 * hashtable.c `struct hashtable` (8.1, 9.0): type, rehash_idx, two table pointers, two used
 * counts, the size exponents and pause counters (padded to 8), two child-bucket counts.
 * Sets, sorted sets and per-slot keyspace tables are priced with it on 9.1 too (collectionTables.ts,
 * keyspace.ts): the same jemalloc class as 9.1's, 16 bytes less under glibc.
 */
export const HASHTABLE_STRUCT_BYTES = 72;
/** 9.1 hashtable.c `struct hashtable`: one more pointer, the head of its safe iterators (PR #2807). */
export const HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES = 80;
/** hashtable.c `hashtableBucket`: 1 chained bit, 7 presence bits, 7 hash bytes, 7 entry pointers (one cache line). */
export const HASHTABLE_BUCKET_BYTES = 64;
/** Entry pointers in a bucket; a chained bucket gives its last one to its child bucket. */
export const HASHTABLE_SLOTS_PER_BUCKET = 7;
/** kvstore.c `kvstoreHashtableMetadata` {rehashing_node, kvs} (8.1+): after each per-slot keyspace hashtable. */
export const KVSTORE_HASHTABLE_METADATA_BYTES = 16;
/** 9.0+ t_hash.c hash hashtable metadata: the pointer to its volatile-field set, after the struct (priced from 9.1: lines.ts). */
export const HASH_HASHTABLE_METADATA_BYTES = 8;

/** quicklist.h `quicklist`: head, tail, count, len, fill/compress/bookmark bit fields. */
export const QUICKLIST_BYTES = 40;
/** Redis 8.6 quicklist.h `quicklist`: the same with alloc_size. */
export const QUICKLIST_WITH_ALLOC_SIZE_BYTES = 48;
/** quicklist.h `quicklistNode`: prev, next, entry, sz, 32 bits of counters and flags (padded). */
export const QUICKLIST_NODE_BYTES = 40;

/** server.h `zset` {dict or hashtable pointer, zsl}. */
export const ZSET_BYTES = 16;
/** server.h `zskiplist` (up to 9.0): header, tail, length, level. */
export const ZSKIPLIST_BYTES = 32;
/** Redis 8.6 server.h `zskiplist`: header, tail, length, level, alloc_size. */
export const ZSKIPLIST_WITH_ALLOC_SIZE_BYTES = 40;
/** Redis 8.6 server.h `zskiplistNode` before its levels: score, backward; the member sds follows the levels inside. */
export const ZSKIPLIST_NODE_BEFORE_LEVELS_BYTES = 16;
/** server.h `zskiplistNode` (up to 9.0) without its levels: ele, score, backward. */
export const ZSKIPLIST_NODE_BYTES = 24;
/** server.h `zskiplistLevel` {forward, span}: one per level of a node. */
export const ZSKIPLIST_LEVEL_BYTES = 16;
/** server.h ZSKIPLIST_MAXLEVEL: the header node has every level. */
export const ZSKIPLIST_MAX_LEVEL = 32;
/** 9.1 server.h skiplist node before its levels and member (PR #2508): score, backward, level count; the member sds follows inside. */
export const ZSKIPLIST_NODE_WITH_MEMBER_BYTES = 17;
/** 9.1: the skiplist is its own header node: score, backward and every level, one zcalloc (PR #2508). */
export const ZSKIPLIST_AS_HEADER_BYTES = 16 + ZSKIPLIST_MAX_LEVEL * ZSKIPLIST_LEVEL_BYTES;

/** 9.0+ entry.c: the expiry (milliseconds) stored in front of a volatile hash field's entry. */
export const VOLATILE_FIELD_EXPIRY_BYTES = 8;

/** 9.x and Redis 8.6 rax.h `rax`: head, numele, numnodes, alloc_size. */
export const RAX_BYTES = 32;
/** Redis 8.0 rax.h `rax`: head, numele, numnodes (no alloc_size). */
export const RAX_WITHOUT_ALLOC_SIZE_BYTES = 24;
/**
 * A rax holding one key of up to 8 bytes: the head as a compressed node (4-byte header, the key,
 * padding, child pointer) and the leaf with its data pointer (rax.c raxCompressNode, raxReallocForData).
 */
export const RAX_ONE_KEY_NODE_BYTES = [24, 16] as const;

/**
 * Redis 7.4+ ebuckets.h `ExpireMeta`: the 48-bit expiry with segment flags (8 bytes) and the next
 * pointer. Every item kept in an ebuckets embeds one: a hash field with a TTL, and the hash itself
 * (in its listpackEx or dict metadata) for the database's index of hashes with field TTLs.
 */
export const EXPIRE_META_BYTES = 16;
/** Redis 8.0 mstr.h `mstrFlags`: the 16-bit flags between an mstr's metadata and its header. */
export const MSTR_FLAGS_BYTES = 2;
/** Redis 8.0 server.h `listpackEx` {meta, key, lp}: a small hash with field TTLs. */
export const LISTPACK_EX_BYTES = EXPIRE_META_BYTES + 2 * POINTER_BYTES;
/** Redis 8.6 server.h `listpackEx` {meta, lp}: the key reference is gone. */
export const LISTPACK_EX_WITHOUT_KEY_BYTES = EXPIRE_META_BYTES + POINTER_BYTES;
/** Redis 8.0 server.h `dictExpireMetadata` {expireMeta, hfe, key}: after the dict of a hash with field TTLs. */
export const DICT_EXPIRE_METADATA_BYTES = EXPIRE_META_BYTES + 2 * POINTER_BYTES;
/** Redis 8.6 server.h `htMetadataEx` {alloc_size, expireMeta, hfe}: the same place, replacing the 8-byte alloc_size. */
export const HT_METADATA_EX_BYTES = 8 + EXPIRE_META_BYTES + POINTER_BYTES;
/** Redis 7.4+ ebuckets.c `FirstSegHdr` {head, totalItems, numSegs}: a bucket's first segment, the rax's data. */
export const EBUCKETS_FIRST_SEGMENT_BYTES = 16;
/** Redis 7.4+ ebuckets.c `NextSegHdr` {head, prevSeg, firstSeg}: each further segment of a bucket of one expiry. */
export const EBUCKETS_NEXT_SEGMENT_BYTES = 24;
/** Redis 7.4+ ebuckets.c: the item count it keeps in the rax's metadata (`raxNewWithMetadata(sizeof(uint64_t))`). */
export const EBUCKETS_RAX_METADATA_BYTES = 8;
/** 9.x vset.c pointer vector header (length and allocation size in one word), before its pointers. */
export const POINTER_VECTOR_HEADER_BYTES = 8;
