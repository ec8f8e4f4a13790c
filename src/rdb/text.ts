/**
 * Bytes as text without the platform's TextDecoder (the pure core has no DOM or Node library):
 * UTF-8 where it is valid, and each other byte as U+FFFD, as a lenient decoder does.
 */
export function utf8Text(bytes: Uint8Array): string {
  let ascii = bytes.length <= 1024;
  for (let i = 0; i < bytes.length && ascii; i++) ascii = bytes[i]! < 0x80;
  if (ascii) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    const extra = b >= 0xf0 && b < 0xf5 ? 3 : b >= 0xe0 ? 2 : b >= 0xc2 && b < 0xe0 ? 1 : -1;
    if (extra < 0 || i + extra >= bytes.length) {
      out += '\ufffd';
      i++;
      continue;
    }
    let code = b & (0xff >> (extra + 2));
    let valid = true;
    for (let k = 1; k <= extra; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) {
        valid = false;
        break;
      }
      code = (code << 6) | (c & 0x3f);
    }
    const minimum = extra === 1 ? 0x80 : extra === 2 ? 0x800 : 0x10000;
    if (!valid || code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      out += '\ufffd';
      i++;
      continue;
    }
    out += String.fromCodePoint(code);
    i += extra + 1;
  }
  return out;
}
