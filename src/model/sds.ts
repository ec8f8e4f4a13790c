import type { LineLayout } from './lines';

/**
 * SDS strings: a header (1, 3, 5, 9 or 17 bytes by type), the bytes, and a NUL. 8.0 moved the
 * type-8/16 limits down so that header + string + NUL still fits the type's length field.
 */
export function sdsHeaderBytes(length: number, layout: LineLayout): number {
  if (length === 0) return 3; // sdsnewlen never makes an empty type-5 string
  if (length < 32) return 1;
  if (length <= layout.sdsType8MaxLength) return 3;
  if (length <= layout.sdsType16MaxLength) return 5;
  if (length < 2 ** 32 - 10) return 9;
  return 17;
}

/** Bytes of an sds string of `length` bytes laid out by `sdsReqType`. */
export function sdsBytes(length: number, layout: LineLayout): number {
  return sdsHeaderBytes(length, layout) + length + 1;
}

/** Bytes of an sds string forced to the 8-bit header (embstr values, copied argv keys). */
export function sdsType8Bytes(length: number): number {
  return 3 + length + 1;
}
