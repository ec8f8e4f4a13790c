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

/** A text's UTF-8 bytes, or null when it holds a lone surrogate (which no decoded text holds). */
export function utf8Bytes(text: string): Uint8Array | null {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) {
      const low = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return null;
      code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
      i++;
    }
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return Uint8Array.from(out);
}
