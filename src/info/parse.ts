import { z } from '../data/zod';
import { formatCount } from '../format/count';

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
  connected_slaves: num,
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
  /** Fields that were present but unreadable, named so the user can check them. */
  ignored: string[];
}

/**
 * Why a paste cannot be read at all, as a code and the figures it needs (raw), so the page can say
 * it in the reader's language (src/ui/infoMessages.ts) and the command line in English
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
/** More keys than any server holds: a count past this is a damaged paste. */
export const MAX_KEYS_PER_DB = 1e12;
const KEYSPACE = /^db(\d+):keys=(\d+),expires=(\d+)(?:,avg_ttl=(\d+))?/;
const SECTION = /^#\s*([A-Za-z_]+)\s*$/;
/** Without these the planner has no figure at all: a damaged one stops the analysis instead of being skipped. */
const ESSENTIAL = new Set(['used_memory', 'used_memory_startup']);

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
    const ks = KEYSPACE.exec(line);
    if (ks) {
      const db = Number(ks[1]);
      const keys = Number(ks[2]);
      const expires = Number(ks[3]);
      if (keyspace.some((d) => d.db === db)) return refuse({ code: 'dbTwice', db });
      if (!(keys <= MAX_KEYS_PER_DB)) return refuse({ code: 'tooManyKeys', db, keys: ks[2]!, limit: MAX_KEYS_PER_DB });
      if (expires > keys) return refuse({ code: 'moreTtlThanKeys', db, expires, keys });
      keyspace.push({ db, keys, expires, avgTtlMs: Number(ks[4] ?? 0) });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon);
    if (!Object.hasOwn(infoFieldsSchema.shape, key)) continue;
    const value = line.slice(colon + 1).trim();
    if (key in raw) return refuse({ code: 'fieldTwice', field: key });
    raw[key] = value;
  }
  const fields: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const parsed = infoFieldsSchema.shape[key as keyof InfoFields].safeParse(value);
    if (parsed.success) fields[key] = parsed.data;
    else if (ESSENTIAL.has(key))
      return refuse(
        value === '' ? { code: 'fieldEmpty', field: key } : { code: 'fieldNotDecimal', field: key, value: value.slice(0, 30) },
      );
    else ignored.push(`${key} ("${value.slice(0, 30)}")`);
  }
  const known = Object.keys(fields).length + keyspace.length;
  if (known === 0) {
    return refuse(ignored.length > 0 ? { code: 'nothingUsable', ignored } : { code: 'noFields' });
  }
  return { ok: true, info: { fields: fields as InfoFields, keyspace, ignored } };
}

/** parseInfoFindings with its refusal in English, as the command line prints it. */
export function parseInfo(input: string): InfoParseResult {
  const found = parseInfoFindings(input);
  return found.ok ? found : { ok: false, error: infoRefusalText(found.refusal) };
}
