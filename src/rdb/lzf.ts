/**
 * LZF decompression (liblzf's format, which the server uses for strings longer than 20 bytes
 * when rdbcompression is on). `limit` stops once that many bytes are out, so a long key's prefix
 * costs no more than the prefix.
 */
export class LzfError extends Error {}

export function lzfDecompress(input: Uint8Array, expectedLength: number, limit = expectedLength): Uint8Array {
  const outLength = Math.min(expectedLength, limit);
  const out = new Uint8Array(outLength);
  let i = 0;
  let o = 0;
  while (i < input.length && o < outLength) {
    const ctrl = input[i++]!;
    if (ctrl < 32) {
      // A literal run of ctrl + 1 bytes.
      const run = ctrl + 1;
      if (i + run > input.length) throw new LzfError('LZF literal run past the end of the compressed data');
      if (o + run > expectedLength) throw new LzfError('LZF data longer than its stated length');
      const n = Math.min(run, outLength - o);
      // Runs are at most 32 bytes: a loop costs less than a subarray to copy from.
      for (let k = 0; k < n; k++) out[o + k] = input[i + k]!;
      o += n;
      i += run;
    } else {
      // A back reference: length in the top 3 bits (7 means one more byte), offset in 13 bits.
      let length = ctrl >> 5;
      if (length === 7) {
        if (i >= input.length) throw new LzfError('LZF back reference cut short');
        length += input[i++]!;
      }
      length += 2;
      if (i >= input.length) throw new LzfError('LZF back reference cut short');
      const ref = o - ((ctrl & 0x1f) << 8) - input[i++]! - 1;
      if (ref < 0) throw new LzfError('LZF back reference before the start of the data');
      if (o + length > expectedLength) throw new LzfError('LZF data longer than its stated length');
      const n = Math.min(length, outLength - o);
      for (let k = 0; k < n; k++) out[o + k] = out[ref + k]!;
      o += n;
    }
  }
  if (o < outLength) throw new LzfError(`LZF data gave ${o} bytes, ${expectedLength} stated`);
  return out;
}
