import { LINES, type LINE_ENTRIES, type LineId } from '../model';

/** The RDB files a line's server loads with its default settings. */
interface LoadedFormats {
  /** The newest RDB version it loads with the REDIS magic (older ones load too). */
  newestRedis: number;
  /** The RDB versions it loads with the VALKEY magic (none before Valkey 9.0). */
  valkey: readonly number[];
  /** Valkey 9.0+: rdb-version-check relaxed makes it try newer and foreign versions. */
  relaxedCheck: boolean;
}

/**
 * rdb.h's RDB_VERSION of each line and the magic its loader checks. Started on the fixtures'
 * dumps: Redis 7.0.15 refuses RDB 11-13 ("Can't handle RDB format version") and VALKEY files
 * ("Wrong signature"); Redis 8.0.6 refuses 13 and VALKEY files, 8.6.3 VALKEY files; Valkey 8.0.1
 * and 8.1.1 refuse RDB 12 and 13 (and a VALKEY file: 8.0 by its signature, 8.1 by its version 80);
 * Valkey 9.1.2 refuses RDB 12 and 13, and with rdb-version-check relaxed stops at the first
 * Redis-only type (25, a hash listpack with field TTLs). Redis 7.2, Valkey 7.2 and 9.0 are from
 * their sources (RDB 11; 11 and VALKEY 80).
 */
const LOADED_FORMATS: Record<(typeof LINE_ENTRIES)[number]['id'], LoadedFormats> = {
  'redis-7.0': { newestRedis: 10, valkey: [], relaxedCheck: false },
  'redis-7.2': { newestRedis: 11, valkey: [], relaxedCheck: false },
  'redis-8.0': { newestRedis: 12, valkey: [], relaxedCheck: false },
  'redis-8.6': { newestRedis: 13, valkey: [], relaxedCheck: false },
  '7.2': { newestRedis: 11, valkey: [], relaxedCheck: false },
  '8.0': { newestRedis: 11, valkey: [], relaxedCheck: false },
  '8.1': { newestRedis: 11, valkey: [], relaxedCheck: false },
  '9.0': { newestRedis: 11, valkey: [80], relaxedCheck: true },
  '9.1': { newestRedis: 11, valkey: [80], relaxedCheck: true },
};

/** Why a line's server would not start on the file: its format is one that server does not load. */
export interface LoadRefusal {
  line: LineId;
  magic: 'REDIS' | 'VALKEY';
  version: number;
  /** The newest REDIS-magic version the line loads. */
  newestRedis: number;
  /** Whether rdb-version-check relaxed makes the server try (it stops at the first type it does not know). */
  relaxedCheck: boolean;
}

/**
 * The lines whose server refuses a file of this magic and version with its default settings:
 * their figure would be for data that file cannot bring to them. Lines the table does not know
 * (registered elsewhere) are not judged.
 */
export function loadRefusals(magic: 'REDIS' | 'VALKEY' | null, version: number | null): LoadRefusal[] {
  if (magic === null || version === null) return [];
  const table: Partial<Record<LineId, LoadedFormats>> = LOADED_FORMATS;
  const refusals: LoadRefusal[] = [];
  for (const line of LINES.ids) {
    const formats = table[line];
    if (!formats) continue;
    const loads = magic === 'REDIS' ? version <= formats.newestRedis : formats.valkey.includes(version);
    if (!loads) refusals.push({ line, magic, version, newestRedis: formats.newestRedis, relaxedCheck: formats.relaxedCheck });
  }
  return refusals;
}

/** The refusals in English, as one note for the command line. */
export function loadRefusalsText(refusals: readonly LoadRefusal[]): string | null {
  const first = refusals[0];
  if (!first) return null;
  const names = refusals.map((r) => LINES.entry(r.line).fullName);
  const list = names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const relaxed = refusals.filter((r) => r.relaxedCheck).map((r) => LINES.entry(r.line).fullName);
  return (
    `${list} do not load this file (${first.magic} RDB ${first.version}): their figures are for its keys written to them by commands, not for the file` +
    (relaxed.length > 0
      ? `; with rdb-version-check relaxed, ${relaxed.join(' and ')} try, and stop at the first type they do not know (a Redis hash with field TTLs, for one)`
      : '')
  );
}
