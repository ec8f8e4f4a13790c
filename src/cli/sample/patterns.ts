/**
 * Key families: ids inside keys become placeholders, so `user:1001:name` and `user:7:name`
 * are one family `user:{n}:name`. Pure; applied to every sampled key.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const SEPARATORS = /([:/|#.,;=\s-]+)/;
/** Stands for a UUID while the key is split: NUL delimits it, which no separator or placeholder touches. */
const UUID_MARK = '\u0000uuid\u0000';

function placeholder(segment: string): string {
  if (/^\d+$/.test(segment)) return '{n}';
  if (/^[0-9a-f]{4,}$/i.test(segment) && /\d/.test(segment) && /[a-f]/i.test(segment)) return '{hex}';
  if (/^[A-Za-z0-9_]{16,}$/.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment)) return '{id}';
  return segment.replace(/\d+/g, '{n}');
}

export function keyPattern(key: string): string {
  const withUuids = key.replace(UUID, UUID_MARK);
  return withUuids
    .split(SEPARATORS)
    .map((part, i) => (i % 2 === 1 ? part : part.includes(UUID_MARK) ? part.replaceAll(UUID_MARK, '{uuid}') : placeholder(part)))
    .join('');
}

/** A key's bytes as text for patterns: UTF-8 when it is valid UTF-8, else escaped bytes. */
export function keyText(key: Uint8Array): { text: string; utf8: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(key), utf8: true };
  } catch {
    let text = '';
    for (const b of key) text += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
    return { text, utf8: false };
  }
}
