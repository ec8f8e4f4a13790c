import { z } from '../data/zod';
import { formatCount } from '../format/count';

/** The INFO fields the planner reads; every one optional, so any subset of sections works. */
const num = z.optional(z.coerce.number().check(z.nonnegative()));
const text = z.optional(z.string());
const release = z.optional(z.string().check(z.regex(/^\d+\.\d+(\.\d+)?/)));
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
  used_memory_startup: num,
  used_memory_rss: num,
  mem_fragmentation_ratio: num,
  mem_allocator: text,
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

export type InfoParseResult = { ok: true; info: ParsedInfo } | { ok: false; error: string };

const MAX_INFO_CHARS = 2_000_000;
const KEYSPACE = /^db(\d+):keys=(\d+),expires=(\d+)(?:,avg_ttl=(\d+))?/;

/**
 * Reads `INFO` / `INFO everything` output from valkey-cli or redis-cli: any subset of sections,
 * LF or CRLF, with or without `# Section` headers. Unknown lines are ignored; never throws.
 */
export function parseInfo(text: string): InfoParseResult {
  if (typeof text !== 'string' || text.trim() === '')
    return { ok: false, error: 'Paste the output of INFO (or INFO everything) first.' };
  if (text.length > MAX_INFO_CHARS)
    return { ok: false, error: `That is ${formatCount(text.length)} characters; INFO output is far shorter.` };
  const raw: Record<string, string> = {};
  const keyspace: KeyspaceLine[] = [];
  for (const rawLine of text.split(/\r?\n|\r/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const ks = KEYSPACE.exec(line);
    if (ks) {
      keyspace.push({ db: Number(ks[1]), keys: Number(ks[2]), expires: Number(ks[3]), avgTtlMs: Number(ks[4] ?? 0) });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon);
    if (Object.hasOwn(infoFieldsSchema.shape, key)) raw[key] = line.slice(colon + 1).trim();
  }
  const fields: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const parsed = infoFieldsSchema.shape[key as keyof InfoFields].safeParse(value);
    if (parsed.success) fields[key] = parsed.data;
    else ignored.push(`${key} ("${value.slice(0, 30)}")`);
  }
  const known = Object.keys(fields).length + keyspace.length;
  if (known === 0) {
    return {
      ok: false,
      error:
        ignored.length > 0
          ? `Nothing usable: these fields could not be read: ${ignored.join(', ')}.`
          : 'No INFO fields found: expected lines such as "used_memory:1234" or "db0:keys=10,expires=0,avg_ttl=0".',
    };
  }
  return { ok: true, info: { fields: fields as InfoFields, keyspace, ignored } };
}
