import { currentLocale, DEFAULT_LOCALE, t, type MessageId } from '../../i18n';

/**
 * A text of a data file in the page's language: in English the file's own (the English
 * catalog only repeats it, and the page build leaves that copy out: src/i18n/catalogParts.ts),
 * in another language the message its entry maps to, or the file's English while the entry has
 * none yet (test/i18n/dataMessages.test.ts fails until it has).
 */
export function dataText(message: MessageId | undefined, english: string): string {
  return message && currentLocale() !== DEFAULT_LOCALE ? t(message) : english;
}
