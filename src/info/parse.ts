import { z } from '../data/zod';
import { formatCount } from '../format/count';
import { LIMITS } from '../scenario/limits';
import { KEYSIZES_LINE, parseKeysizesLine, type KeysizesHistogram } from './keysizes';

/**
 * Numbers as INFO prints them: plain decimals. Anything else (empty, hex, exponents, signs) is
 * a damaged paste, and coercing it would turn "" into 0 and "0x1A" into 26.
 */
const DECIMAL = /^\d{1,18}(\.\d{1,12})?$/;
const num = z.optional(
  z.pipe(
    z.string().check(z.regex(DECIMAL)),
    z.transform((s) => Number(s)),
  ),
);
/** A count (replicas): a whole number, as INFO prints it; "1.5" is damage, not one and a half. */
const count = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{1,18}$/)),
    z.transform((s) => Number(s)),
  ),
);
const text = z.optional(z.string());
const release = z.optional(z.string().check(z.regex(/^\d+\.\d+(\.\d+)?/)));

/** The INFO fields the planner reads; every one optional, so any subset of sections works. */
export const infoFieldsSchema = z.object({
  server_name: text,
  valkey_version: release,
  redis_version: release,
  redis_mode: text,
  server_mode: text,
  executable: text,
  config_file: text,
  used_memory: num,
  used_memory_dataset: num,
  used_memory_overhead: num,
  used_memory_startup: num,
  used_memory_rss: num,
  used_memory_scripts: num,
  mem_fragmentation_ratio: num,
  mem_allocator: text,
  mem_clients_normal: num,
  mem_clients_slaves: num,
  mem_replication_backlog: num,
  mem_aof_buffer: num,
  mem_cluster_links: num,
  maxmemory: num,
  maxmemory_policy: text,
  role: z.optional(z.enum(['master', 'slave', 'primary', 'replica'])),
  connected_slaves: count,
});
export type InfoFields = z.infer<typeof infoFieldsSchema>;

export interface KeyspaceLine {
  db: number;
  keys: number;
  expires: number;
  avgTtlMs: number;
}

export interface ParsedInfo {
  fields: InfoFields;
  keyspace: KeyspaceLine[];
  /** INFO keysizes, where the server answers it (Redis 8): per database and type, keys by size. */
  keysizes?: KeysizesHistogram[];
  /** Fields that were present but unreadable, named so the user can check them. */
  ignored: string[];
}

/**
 * Why a paste cannot be read at all, as a code and the figures it needs (raw), so the page can say
 * it in the reader's language (src/ui/serverInfo/infoMessages.ts) and the command line in English
 * (infoRefusalText below).
 */
export type InfoRefusal =
  | { code: 'empty' | 'noFields' }
  | { code: 'tooLong'; length: number }
  | { code: 'sectionTwice'; section: string }
  | { code: 'dbTwice'; db: number }
  /** `keys` as the paste writes it: past 2^53 a number would not keep its digits. */
  | { code: 'tooManyKeys'; db: number; keys: string; limit: number }
  | { code: 'moreTtlThanKeys'; db: number; expires: number; keys: number }
  /** A db line whose `keys` or `expires` is not a whole number ("keys=1e400", "keys=-5", missing). */
  | { code: 'keyspaceNotCount'; db: number; field: string; value: string }
  /** The databases together: each may pass alone and their sum not. */
  | { code: 'tooManyKeysInTotal'; keys: number; limit: number }
  /** More keys than used_memory can hold at the least a key takes. */
  | { code: 'keysAboveMemory'; keys: number; usedMemory: number; minBytesPerKey: number }
  /** A memory figure past any server's size ("mem_clients_normal:999999999999999999"). */
  | { code: 'fieldTooLarge'; field: string; value: number; limit: number }
  /** A part of used_memory larger than the whole that includes it. */
  | { code: 'partAboveUsedMemory'; field: string; value: number; usedMemory: number }
  | { code: 'partsAboveUsedMemory'; fields: string[]; total: number; usedMemory: number }
  | { code: 'fieldTwice' | 'fieldEmpty'; field: string }
  | { code: 'fieldNotDecimal'; field: string; value: string }
  | { code: 'nothingUsable'; ignored: string[] };

export type InfoParseFindings = { ok: true; info: ParsedInfo } | { ok: false; refusal: InfoRefusal };
export type InfoParseResult = { ok: true; info: ParsedInfo } | { ok: false; error: string };

export function infoRefusalText(refusal: InfoRefusal): string {
  switch (refusal.code) {
    case 'empty':
      return 'Paste the output of INFO (or INFO everything) first.';
    case 'tooLong':
      return `That is ${formatCount(refusal.length, 'en')} characters; INFO output is far shorter.`;
    case 'sectionTwice':
      return `The "# ${refusal.section}" section appears twice: paste the output of one INFO command, not two.`;
    case 'dbTwice':
      return `db${refusal.db} appears twice in the keyspace section: paste one INFO output.`;
    case 'tooManyKeys':
      return `db${refusal.db} claims ${refusal.keys} keys: more than any server holds (${formatCount(refusal.limit, 'en')}); the paste is damaged.`;
    case 'moreTtlThanKeys':
      return `db${refusal.db} has more keys with a TTL (${refusal.expires}) than keys (${refusal.keys}): the paste is damaged.`;
    case 'keyspaceNotCount':
      return `db${refusal.db} has ${refusal.field}=${refusal.value}: INFO prints it as a whole number of keys; the paste is damaged.`;
    case 'tooManyKeysInTotal':
      return `The databases hold ${formatCount(refusal.keys, 'en')} keys in total: more than any server holds (${formatCount(refusal.limit, 'en')}); the paste is damaged.`;
    case 'keysAboveMemory':
      return `${formatCount(refusal.keys, 'en')} keys do not fit in used_memory of ${formatCount(refusal.usedMemory, 'en')} bytes (a key takes at least ${refusal.minBytesPerKey} bytes): the keyspace and the memory lines come from different servers, or the paste is damaged.`;
    case 'fieldTooLarge':
      return `${refusal.field} is ${formatCount(refusal.value, 'en')} bytes: more than any server holds (${formatCount(refusal.limit, 'en')}); the paste is damaged.`;
    case 'partAboveUsedMemory':
      return `${refusal.field} (${formatCount(refusal.value, 'en')}) is larger than used_memory (${formatCount(refusal.usedMemory, 'en')}), which includes it: the paste is damaged.`;
    case 'partsAboveUsedMemory':
      return `${refusal.fields.join(', ')} add up to ${formatCount(refusal.total, 'en')} bytes, more than used_memory (${formatCount(refusal.usedMemory, 'en')}), which includes them: the paste is damaged.`;
    case 'fieldTwice':
      return `${refusal.field} appears twice: paste the output of one INFO command, not two.`;
    case 'fieldEmpty':
      return `${refusal.field} is empty: it should be a number of bytes, as INFO memory prints it.`;
    case 'fieldNotDecimal':
      return `${refusal.field} is "${refusal.value}": INFO prints it as a plain decimal number of bytes.`;
    case 'nothingUsable':
      return `Nothing usable: these fields could not be read: ${refusal.ignored.join(', ')}.`;
    case 'noFields':
      return 'No INFO fields found: expected lines such as "used_memory:1234" or "db0:keys=10,expires=0,avg_ttl=0".';
  }
}

const MAX_INFO_CHARS = 2_000_000;
/** More keys than any server holds: a count past this is a damaged paste; the same for all databases together, which become one workload of a scenario. */
export const MAX_KEYS_PER_DB = LIMITS.keysPerWorkload;
/** A key takes at least its object header (16 bytes) beside its table entry: fewer bytes per key are a damaged paste. */
export const MIN_BYTES_PER_KEY = 16;
/** More memory than any server holds (256 TiB): a byte figure past this is a damaged paste. */
export const MAX_MEMORY_BYTES = 2 ** 48;
const KEYSPACE_LINE = /^db(\d+):(.*)$/;
/** The byte figures of INFO memory; the parts below are included in used_memory. */
const BYTE_FIELDS = [
  'used_memory',
  'used_memory_dataset',
  'used_memory_overhead',
  'used_memory_startup',
  'used_memory_rss',
  'used_memory_scripts',
  'mem_clients_normal',
  'mem_clients_slaves',
  'mem_replication_backlog',
  'mem_aof_buffer',
  'mem_cluster_links',
  'maxmemory',
] as const;
/** What memoryFromInfo takes off used_memory beside the keys (startup is checked apart: usedNotAboveStartup). */
const USED_MEMORY_PARTS = [
  'mem_clients_normal',
  'mem_clients_slaves',
  'mem_replication_backlog',
  'mem_aof_buffer',
  'used_memory_scripts',
  'mem_cluster_links',
] as const;
/**
 * Without used_memory and startup the planner has no figure at all, and each part is taken off
 * used_memory: a damaged one ("-5") stops the analysis instead of being skipped as 0.
 */
const ESSENTIAL = new Set<string>(['used_memory', 'used_memory_startup', ...USED_MEMORY_PARTS]);
const SECTION = /^#\s*([A-Za-z_]+)\s*$/;

const refuse = (refusal: InfoRefusal): InfoParseFindings => ({ ok: false, refusal });

/**
 * Reads `INFO` / `INFO everything` output from valkey-cli or redis-cli: any subset of sections,
 * LF or CRLF, with or without `# Section` headers. Unknown lines (and MEMORY MALLOC-STATS
 * output pasted beside it) are ignored; a section, field or db line given twice is refused,
 * since two pastes mixed together give figures of neither. Never throws. A paste it cannot read
 * at all is refused with a code (InfoRefusal).
 */
export function parseInfoFindings(input: string): InfoParseFindings {
  if (typeof input !== 'string' || input.trim() === '') return refuse({ code: 'empty' });
  if (input.length > MAX_INFO_CHARS) return refuse({ code: 'tooLong', length: input.length });
  const raw: Record<string, string> = {};
  const keyspace: KeyspaceLine[] = [];
  const keysizes: KeysizesHistogram[] = [];
  const keysizesSeen = new Set<string>();
  /** Lines that were present but unreadable: a damaged keysizes line is named here, and the rest of the paste still counts. */
  const ignored: string[] = [];
  const sections = new Set<string>();
  for (const rawLine of input.split(/\r?\n|\r/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const section = SECTION.exec(line);
    if (section) {
      const name = section[1]!.toLowerCase();
      if (sections.has(name)) return refuse({ code: 'sectionTwice', section: section[1]! });
      sections.add(name);
      continue;
    }
    if (line.startsWith('#')) continue;
    const ks = KEYSPACE_LINE.exec(line);
    if (ks) {
      const db = Number(ks[1]);
      const counts = Object.fromEntries(
        ks[2]!.split(',').map((pair) => [pair.slice(0, Math.max(0, pair.indexOf('='))), pair.slice(pair.indexOf('=') + 1)]),
      );
      for (const field of ['keys', 'expires'])
        if (!/^\d+$/.test(counts[field] ?? ''))
          return refuse({ code: 'keyspaceNotCount', db, field, value: String(counts[field] ?? '').slice(0, 30) });
      const keys = Number(counts.keys);
      const expires = Number(counts.expires);
      if (keyspace.some((d) => d.db === db)) return refuse({ code: 'dbTwice', db });
      if (!(keys <= MAX_KEYS_PER_DB)) return refuse({ code: 'tooManyKeys', db, keys: counts.keys!, limit: MAX_KEYS_PER_DB });
      if (expires > keys) return refuse({ code: 'moreTtlThanKeys', db, expires, keys });
      const avgTtl = Number(counts.avg_ttl ?? 0);
      keyspace.push({ db, keys, expires, avgTtlMs: Number.isFinite(avgTtl) && avgTtl >= 0 ? avgTtl : 0 });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    if (KEYSIZES_LINE.test(key)) {
      if (keysizesSeen.has(key)) return refuse({ code: 'fieldTwice', field: key });
      keysizesSeen.add(key);
      const read = parseKeysizesLine(key, value);
      if (!read.ok) ignored.push(`${key} ("${value.slice(0, 30)}": ${read.problem})`);
      else if (read.histogram) keysizes.push(read.histogram);
      continue;
    }
    if (!Object.hasOwn(infoFieldsSchema.shape, key)) continue;
    if (key in raw) return refuse({ code: 'fieldTwice', field: key });
    raw[key] = value;
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const parsed = infoFieldsSchema.shape[key as keyof InfoFields].safeParse(value);
    if (parsed.success) fields[key] = parsed.data;
    else if (ESSENTIAL.has(key))
      return refuse(
        value === '' ? { code: 'fieldEmpty', field: key } : { code: 'fieldNotDecimal', field: key, value: value.slice(0, 30) },
      );
    else ignored.push(`${key} ("${value.slice(0, 30)}")`);
  }
  const implausible = implausibleFigures(fields as InfoFields, keyspace);
  if (implausible) return refuse(implausible);
  const known = Object.keys(fields).length + keyspace.length;
  if (known === 0) {
    return refuse(ignored.length > 0 ? { code: 'nothingUsable', ignored } : { code: 'noFields' });
  }
  const usable = keysizesWithinKeyspace(keysizes, keyspace, ignored);
  return { ok: true, info: { fields: fields as InfoFields, keyspace, ignored, ...(usable.length && { keysizes: usable }) } };
}

/**
 * A database's keysizes count each key once, by its type (streams and module types are not
 * counted): more keys than its keyspace line holds are figures of two pastes or a damaged
 * counter, and that database's histograms are named in `ignored` and left out.
 */
function keysizesWithinKeyspace(
  keysizes: KeysizesHistogram[],
  keyspace: readonly KeyspaceLine[],
  ignored: string[],
): KeysizesHistogram[] {
  const dbs = [...new Set(keysizes.map((h) => h.db))];
  const refused = new Set<number>();
  for (const db of dbs) {
    const counted = keysizes.filter((h) => h.db === db).reduce((s, h) => s + h.keys, 0);
    const keys = keyspace.find((d) => d.db === db)?.keys ?? 0;
    if (counted > keys) {
      refused.add(db);
      ignored.push(`db${db}_distrib_* (the keysizes count ${counted} keys, the keyspace line db${db} ${keys})`);
    }
  }
  return keysizes.filter((h) => !refused.has(h.db));
}

/**
 * Figures no server can show together: a byte figure past any server's size, a part of
 * used_memory above the whole, more keys in all databases than a scenario takes, or more keys
 * than used_memory holds. Each passes alone as a number; together they would show negative
 * sizes and "0.00 B per key", and give a scenario the planner rejects.
 */
function implausibleFigures(f: InfoFields, keyspace: readonly KeyspaceLine[]): InfoRefusal | null {
  for (const field of BYTE_FIELDS) {
    const value = f[field];
    if (value !== undefined && value > MAX_MEMORY_BYTES) return { code: 'fieldTooLarge', field, value, limit: MAX_MEMORY_BYTES };
  }
  const keys = keyspace.reduce((sum, d) => sum + d.keys, 0);
  if (keys > LIMITS.keysPerWorkload) return { code: 'tooManyKeysInTotal', keys, limit: LIMITS.keysPerWorkload };
  const used = f.used_memory;
  if (used === undefined) return null;
  if (keys * MIN_BYTES_PER_KEY > used)
    return { code: 'keysAboveMemory', keys, usedMemory: used, minBytesPerKey: MIN_BYTES_PER_KEY };
  for (const field of USED_MEMORY_PARTS) {
    const value = f[field];
    if (value !== undefined && value > used) return { code: 'partAboveUsedMemory', field, value, usedMemory: used };
  }
  const startup = f.used_memory_startup ?? 0;
  if (startup >= used) return null;
  const given = (['used_memory_startup', ...USED_MEMORY_PARTS] as const).filter((field) => (f[field] ?? 0) > 0);
  const total = given.reduce((sum, field) => sum + f[field]!, 0);
  return total > used ? { code: 'partsAboveUsedMemory', fields: [...given], total, usedMemory: used } : null;
}

/** parseInfoFindings with its refusal in English, as the command line prints it. */
export function parseInfo(input: string): InfoParseResult {
  const found = parseInfoFindings(input);
  return found.ok ? found : { ok: false, error: infoRefusalText(found.refusal) };
}
