import type { ElementSpec } from './elements';

/** Listpack header (total bytes 4, element count 2) plus the end marker. */
export const LISTPACK_OVERHEAD = 7;

/** Back-length bytes for an entry whose encoding + data take `n` bytes. */
function backlenBytes(n: number): number {
  if (n <= 127) return 1;
  if (n < 16_383) return 2;
  if (n < 2_097_151) return 3;
  if (n < 268_435_455) return 4;
  return 5;
}

function integerEntryBytes(v: number): number {
  if (v >= 0 && v <= 127) return 2; // 7-bit unsigned
  if (v >= -4096 && v <= 4095) return 3; // 13-bit
  if (v >= -32_768 && v <= 32_767) return 4; // 16-bit
  if (v >= -8_388_608 && v <= 8_388_607) return 5; // 24-bit
  if (v >= -2_147_483_648 && v <= 2_147_483_647) return 6; // 32-bit
  return 10; // 64-bit
}

function stringEntryBytes(length: number): number {
  const encoding = length <= 63 ? 1 : length <= 4095 ? 2 : 5;
  return encoding + length + backlenBytes(encoding + length);
}

/** Bytes of one listpack entry (lpStringToInt64 decides whether a string is stored as an integer). */
export function listpackEntryBytes(e: ElementSpec): number {
  return e.kind === 'int' ? integerEntryBytes(e.value) : stringEntryBytes(e.length);
}
