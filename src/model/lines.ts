import type { CollectionRehashSteps } from './rehash';
import {
  DICT_EXPIRE_METADATA_BYTES,
  DICT_STRUCT_BYTES,
  EXPIRE_META_BYTES,
  HASH_HASHTABLE_METADATA_BYTES,
  HASHTABLE_STRUCT_BYTES,
  HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES,
  HT_METADATA_EX_BYTES,
  KVSTORE_DICT_META_BASE_BYTES,
  KVSTORE_DICT_METADATA_BYTES,
  LISTPACK_EX_BYTES,
  LISTPACK_EX_WITHOUT_KEY_BYTES,
  QUICKLIST_BYTES,
  QUICKLIST_WITH_ALLOC_SIZE_BYTES,
  RAX_BYTES,
  RAX_WITHOUT_ALLOC_SIZE_BYTES,
  REDIS_80_KEYSPACE_DICT_METADATA_BYTES,
  REDIS_86_COLLECTION_DICT_METADATA_BYTES,
  REDIS_86_KEYSPACE_DICT_METADATA_BYTES,
  VOLATILE_FIELD_EXPIRY_BYTES,
  ZSKIPLIST_BYTES,
  ZSKIPLIST_NODE_BEFORE_LEVELS_BYTES,
  ZSKIPLIST_NODE_BYTES,
  ZSKIPLIST_NODE_WITH_MEMBER_BYTES,
  ZSKIPLIST_WITH_ALLOC_SIZE_BYTES,
} from './structs';

/**
 * What each release line lays out in memory. A line is one record in the registry
 * (lineRegistry.ts), which names the layout it has; lines that lay keys out alike share one.
 */

/**
 * Valkey 9.0+: a hash with a volatile field becomes a hashtable; the field's entry carries an
 * 8-byte expiry; the hash points at a volatile-field set, and the database tracks the key in a
 * keyspace-like table.
 */
export interface VolatileSetFieldExpiry {
  kind: 'volatile-set';
  /** Bytes of the expiry in front of a volatile field's entry. */
  fieldExpiryBytes: number;
}

/**
 * Redis 7.4+: a small hash stays a listpack, of field-value-TTL triplets, behind a listpackEx
 * struct; a table hash's dict gains expiry metadata and its volatile fields an ExpireMeta each;
 * the fields of a hash and the hashes of a database are each kept in an ebuckets (ebuckets.c).
 */
export interface EbucketsFieldExpiry {
  kind: 'ebuckets';
  /** Bytes of the ExpireMeta in front of a volatile field's entry (8.6) or mstr (8.0, with its flags). */
  fieldExpiryBytes: number;
  /** The listpackEx struct of a small hash with field TTLs. */
  listpackExBytes: number;
  /** Bytes of a hash's dict struct with its expiry metadata (in place of any metadata it had). */
  dictStructBytes: number;
  /** The rax struct of an ebuckets grown past its list, without the ebuckets' metadata. */
  raxBytes: number;
  /** Redis 8.6: the database keeps one ebuckets per cluster slot (estore.c); 8.0 one per database. */
  perSlotInCluster: boolean;
}

export type HashFieldExpiryLayout = VolatileSetFieldExpiry | EbucketsFieldExpiry;

/** What changed between lines, as far as memory goes. */
export interface LineLayout {
  /** 7.2/8.0: chained dict of 8-byte slots; 8.1+: hashtable of 64-byte, 7-slot buckets. */
  keyspace: 'dict' | 'hashtable';
  /** 7.2: key copied to its own sds; 8.0: key bytes inside the dict entry; 8.1+: key inside the value object. */
  keyStorage: 'separate-sds' | 'embedded-in-entry' | 'embedded-in-object';
  /** Longest string with a type-8 sds header: 255, from 8.0 252 (header + string + NUL fit its length field). */
  sdsType8MaxLength: number;
  /** Longest string with a type-16 sds header: 65,535, from 8.0 65,530. */
  sdsType16MaxLength: number;
  /** From 8.0 the cron grows an idle keyspace table that is exactly full. */
  cronGrowsFullKeyspaceTables: boolean;
  /** 8.0+ cluster mode keeps one keyspace table per hash slot (kvstore); 7.2 one table with slot links. */
  clusterPerSlotTables: boolean;
  /**
   * Largest string-value object that stays one allocation: 7.2/8.0 embstr (value <= 44 bytes),
   * 8.1/9.0 the whole key+value object <= 64 bytes, 9.1 <= 128 bytes with the value pointer reused.
   */
  embeddedObjectBudget: number;
  /** 9.1: an embedded value overwrites the object's 8-byte pointer. */
  embeddedValueReusesPointer: boolean;
  /** Collections' large encodings use the dict (7.2/8.0) or the 8.1+ hashtable. */
  collectionTables: 'dict' | 'hashtable';
  /** 7.2+: small sets of strings are listpacks (Redis 7.0: hashtable). */
  setListpack: boolean;
  /** 7.2+: set dict entries without a value pointer, the member alone stored in its slot. */
  setKeyOnlyEntries: boolean;
  /** 7.2+: a small list is one listpack (Redis 7.0: always a quicklist). */
  listSingleListpack: boolean;
  /** 8.1+: a short hash field and its value share one allocation (PR #1579). */
  hashEmbeddedEntries: boolean;
  /**
   * Bytes of `struct hashtable` on a line whose tables are hashtables (structs.ts): 72, from 9.1
   * 80 (safe-iterator pointer); 0 on dict lines. Metadata after it is priced by the table's owner.
   */
  hashtableStructBytes: number;
  /**
   * Metadata a hash's hashtable carries after its struct: the volatile-set pointer, 8 bytes in 9.1.
   * 9.0 has it too, but it is left at 0 there so that 9.0 without field TTLs prices exactly as
   * 8.1 (one build for both: estimate.ts); J(72) = J(80), so only glibc builds see the 16 bytes.
   */
  hashTableMetadataBytes: number;
  /** 9.1, Redis 8.6: sorted-set members live inside skiplist nodes. */
  skiplistEmbedsMembers: boolean;
  /**
   * How hash fields with their own TTL (HEXPIRE, HSETEX) are kept: Valkey 9.0+ and Redis 7.4+
   * each in their own structures (hashFieldTtl.ts), priced from them; null on lines without the
   * feature, where such hashes are counted without their field TTLs.
   */
  hashFieldExpiry: HashFieldExpiryLayout | null;
  /**
   * Redis 8.2+: the keyspace and expires dicts store the key object's pointer alone in its slot;
   * only a key landing in an occupied slot takes a 16-byte {next, key} entry (dict.c no_value).
   */
  keyspaceKeyOnlyEntries: boolean;
  /**
   * Bytes of the keyspace and expires tables' dict structs with their kvstore metadata, and
   * whether the single table of a non-cluster server is counted too. Redis 8 keeps a keysizes
   * histogram (5 types x 60 bins x 8 bytes) in every keyspace dict, created with the first key.
   */
  keyspaceDictStructBytes: { keyspace: number; expires: number; countedWithoutCluster: boolean };
  /**
   * Redis 8.6 embeds a string value in the key object when 16 + key + 3 + value + 4 <= 64 bytes,
   * counting neither the expire field (stored before the object) nor the key's sds type;
   * Valkey 8.1+ when the whole object request fits embeddedObjectBudget.
   */
  embeddedValueFit: 'object-request' | 'key-and-value';
  /** Redis 8.6: hash dicts hold the entry pointer alone in its slot, a {next, key} entry only on collision. */
  hashKeyOnlyEntries: boolean;
  /** Redis 8.6: sorted-set dicts hold the skiplist node pointer alone in its slot, as hashes do. */
  zsetKeyOnlyEntries: boolean;
  /** Bytes of a collection's dict struct with its metadata (Redis 8.6 hashes and sets: one size_t more). */
  collectionDictStructBytes: { hash: number; set: number; zset: number };
  /** Bytes of a skiplist node before its levels (structs.ts): 24 (ele, score, backward), 9.1 17, Redis 8.6 16. */
  skiplistNodeFixedBytes: number;
  /** Bytes of the skiplist struct beside its full-height header node; 0 where the struct is the header node (9.1). */
  skiplistStructBytes: number;
  /** The quicklist struct: 40 bytes, Redis 8.6 48 (with its allocation size). */
  quicklistStructBytes: number;
  /** Redis 7.4-8.0: a hash dict's fields are mstr strings (mstr.c), whose 16-bit-length header is 3 bytes, not 5. */
  hashFieldMstr: boolean;
  /**
   * Rehash steps a write of one new element takes on its collection's own table: one per lookup
   * of that table the command makes (rehash.ts). From each line's t_set.c, t_zset.c, t_hash.c.
   */
  collectionRehashSteps: CollectionRehashSteps;
  /**
   * 7.2+: a sorted set converting to a skiplist presizes its dict for its elements
   * (zsetConvertAndExpand); Redis 7.0's zsetConvert grows it from empty.
   */
  zsetConversionPresizes: boolean;
  /**
   * 7.2+: a command that creates a set, sorted set or hash with more elements than its small
   * encoding holds makes the table at once, presized for all of them (t_set.c setTypeCreate and
   * setTypeMaybeConvert, t_zset.c zsetTypeCreate, t_hash.c hashTypeTryConversion). Redis 7.0 has
   * no size hint: the table grows as the command adds its elements one by one.
   */
  wholeCommandPresizes: boolean;
  /**
   * Redis 7.4+ and Valkey 8.0: a dict lookup during a rehash first moves the old slot its key
   * hashes to, if that slot still holds members (dict.c `_dictRehashStepIfNeeded`,
   * `dictBucketRehash`); before, it moved the next slot in order.
   */
  rehashVisitsOwnSlot: boolean;
}

export const V72_LAYOUT: LineLayout = {
  keyspace: 'dict',
  keyStorage: 'separate-sds',
  sdsType8MaxLength: 255,
  sdsType16MaxLength: 65_535,
  cronGrowsFullKeyspaceTables: false,
  clusterPerSlotTables: false,
  embeddedObjectBudget: 64,
  embeddedValueReusesPointer: false,
  collectionTables: 'dict',
  setListpack: true,
  setKeyOnlyEntries: true,
  listSingleListpack: true,
  hashEmbeddedEntries: false,
  hashtableStructBytes: 0,
  hashTableMetadataBytes: 0,
  skiplistEmbedsMembers: false,
  hashFieldExpiry: null,
  keyspaceKeyOnlyEntries: false,
  // 7.2 creates its two dicts with the server; no line counts them per slot.
  keyspaceDictStructBytes: { keyspace: DICT_STRUCT_BYTES, expires: DICT_STRUCT_BYTES, countedWithoutCluster: false },
  embeddedValueFit: 'object-request',
  hashKeyOnlyEntries: false,
  zsetKeyOnlyEntries: false,
  collectionDictStructBytes: { hash: DICT_STRUCT_BYTES, set: DICT_STRUCT_BYTES, zset: DICT_STRUCT_BYTES },
  skiplistNodeFixedBytes: ZSKIPLIST_NODE_BYTES,
  skiplistStructBytes: ZSKIPLIST_BYTES,
  quicklistStructBytes: QUICKLIST_BYTES,
  hashFieldMstr: false,
  // SADD: dictFindPositionForInsert; ZADD: dictFind, then dictAdd; HSET: dictAddRaw alone.
  collectionRehashSteps: { set: 1, zset: 2, hash: 1, afterExpanding: 0 },
  zsetConversionPresizes: true,
  wholeCommandPresizes: true,
  rehashVisitsOwnSlot: false,
};
export const V80_LAYOUT: LineLayout = {
  ...V72_LAYOUT,
  rehashVisitsOwnSlot: true,
  keyStorage: 'embedded-in-entry',
  sdsType8MaxLength: 252,
  sdsType16MaxLength: 65_530,
  cronGrowsFullKeyspaceTables: true,
  clusterPerSlotTables: true,
  // Created with the first key of a database or a cluster slot.
  keyspaceDictStructBytes: {
    keyspace: DICT_STRUCT_BYTES + KVSTORE_DICT_METADATA_BYTES,
    expires: DICT_STRUCT_BYTES + KVSTORE_DICT_METADATA_BYTES,
    countedWithoutCluster: true,
  },
};
export const V81_LAYOUT: LineLayout = {
  ...V80_LAYOUT,
  keyspace: 'hashtable',
  keyStorage: 'embedded-in-object',
  collectionTables: 'hashtable',
  hashEmbeddedEntries: true,
  hashtableStructBytes: HASHTABLE_STRUCT_BYTES,
  // Each findBucket steps once: SADD and HSET hashtableFindPositionForInsert; ZADD
  // hashtableFindRef, then hashtableAdd. Writes step only while resizing is avoided (a fork).
  collectionRehashSteps: { set: 1, zset: 2, hash: 1, afterExpanding: 0 },
};

/** Redis 7.0: 7.2's keys, strings, hashes and sorted sets, without its set listpacks, value-less set entries and one-listpack lists. */
export const REDIS_70_LAYOUT: LineLayout = {
  ...V72_LAYOUT,
  setListpack: false,
  setKeyOnlyEntries: false,
  listSingleListpack: false,
  // HSET: dictFind, then dictAdd (7.2 made it one dictAddRaw).
  collectionRehashSteps: { set: 1, zset: 2, hash: 2, afterExpanding: 0 },
  zsetConversionPresizes: false,
  wholeCommandPresizes: false,
};
/**
 * Redis 8.0: 7.2's keys, values and collections (sds keys beside dictEntries, embstr values up to
 * 44 bytes, 255/65,535 sds limits), with Redis 7.4's kvstore: the cron grows a full keyspace
 * table, cluster mode keeps a dict per slot, and every keyspace dict carries a keysizes histogram.
 */
export const REDIS_80_LAYOUT: LineLayout = {
  ...V72_LAYOUT,
  rehashVisitsOwnSlot: true,
  cronGrowsFullKeyspaceTables: true,
  clusterPerSlotTables: true,
  keyspaceDictStructBytes: {
    keyspace: DICT_STRUCT_BYTES + REDIS_80_KEYSPACE_DICT_METADATA_BYTES,
    expires: DICT_STRUCT_BYTES + KVSTORE_DICT_META_BASE_BYTES,
    countedWithoutCluster: true,
  },
  hashFieldMstr: true,
  hashFieldExpiry: {
    kind: 'ebuckets',
    fieldExpiryBytes: EXPIRE_META_BYTES,
    listpackExBytes: LISTPACK_EX_BYTES,
    dictStructBytes: DICT_STRUCT_BYTES + DICT_EXPIRE_METADATA_BYTES,
    raxBytes: RAX_WITHOUT_ALLOC_SIZE_BYTES,
    perSlotInCluster: false,
  },
  // HSET: dictFindByHash, then dictAddNonExistsByHash, each stepping once (the first on the
  // field's own slot when it is still in the old table: _dictRehashStepIfNeeded).
  collectionRehashSteps: { set: 1, zset: 2, hash: 2, afterExpanding: 0 },
};

/**
 * Redis 8.6: the key inside its value object (kvobj, 8.2), the expire field before it, both
 * keyspace dicts holding object pointers alone; hash entries as in Valkey 8.1 (entry.c) in a
 * dict of entry pointers; sorted-set members inside skiplist nodes; 252/65,530 sds limits. Its
 * keyspace dict metadata adds slot statistics (alloc size, CPU, network in and out) to the histogram.
 */
export const REDIS_86_LAYOUT: LineLayout = {
  ...REDIS_80_LAYOUT,
  keyStorage: 'embedded-in-object',
  sdsType8MaxLength: 252,
  sdsType16MaxLength: 65_530,
  keyspaceKeyOnlyEntries: true,
  keyspaceDictStructBytes: {
    keyspace: DICT_STRUCT_BYTES + REDIS_86_KEYSPACE_DICT_METADATA_BYTES,
    expires: DICT_STRUCT_BYTES + KVSTORE_DICT_META_BASE_BYTES,
    countedWithoutCluster: true,
  },
  embeddedValueFit: 'key-and-value',
  hashEmbeddedEntries: true,
  hashKeyOnlyEntries: true,
  zsetKeyOnlyEntries: true,
  collectionDictStructBytes: {
    hash: DICT_STRUCT_BYTES + REDIS_86_COLLECTION_DICT_METADATA_BYTES,
    set: DICT_STRUCT_BYTES + REDIS_86_COLLECTION_DICT_METADATA_BYTES,
    zset: DICT_STRUCT_BYTES,
  },
  skiplistEmbedsMembers: true,
  skiplistNodeFixedBytes: ZSKIPLIST_NODE_BEFORE_LEVELS_BYTES,
  skiplistStructBytes: ZSKIPLIST_WITH_ALLOC_SIZE_BYTES,
  quicklistStructBytes: QUICKLIST_WITH_ALLOC_SIZE_BYTES,
  hashFieldMstr: false,
  hashFieldExpiry: {
    kind: 'ebuckets',
    fieldExpiryBytes: EXPIRE_META_BYTES,
    listpackExBytes: LISTPACK_EX_WITHOUT_KEY_BYTES,
    dictStructBytes: DICT_STRUCT_BYTES + HT_METADATA_EX_BYTES,
    raxBytes: RAX_BYTES,
    perSlotInCluster: true,
  },
  // One dictFindLink per write (SADD, ZADD, HSET), and dictSetKeyAtLink looks the slot up again,
  // with a step, after it grew the table.
  collectionRehashSteps: { set: 1, zset: 1, hash: 1, afterExpanding: 1 },
};

/** 9.0: hash fields with their own TTL (HSETEX, HEXPIRE). */
export const V90_LAYOUT: LineLayout = {
  ...V81_LAYOUT,
  hashFieldExpiry: { kind: 'volatile-set', fieldExpiryBytes: VOLATILE_FIELD_EXPIRY_BYTES },
};
export const V91_LAYOUT: LineLayout = {
  ...V90_LAYOUT,
  embeddedObjectBudget: 128,
  embeddedValueReusesPointer: true,
  hashtableStructBytes: HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES,
  hashTableMetadataBytes: HASH_HASHTABLE_METADATA_BYTES,
  skiplistEmbedsMembers: true,
  skiplistNodeFixedBytes: ZSKIPLIST_NODE_WITH_MEMBER_BYTES,
  skiplistStructBytes: 0,
};
