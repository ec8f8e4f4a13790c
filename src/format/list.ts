import { formatLocale, type FormatLocale } from './locale';

/** "a", "a and b", "a, b and c" (in English; other languages through Intl.ListFormat). */
export function formatList(items: readonly string[], locale: FormatLocale = formatLocale()): string {
  if (locale !== 'en') return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
