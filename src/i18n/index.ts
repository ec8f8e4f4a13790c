export {
  activateLocale,
  currentLocale,
  onLocaleChange,
  t,
  translation,
  withLaterMessages,
  type MessageId,
  type MessageValues,
} from './i18n';
export { chooseLocale, DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, matchLocale, type Locale } from './locales';
export { rememberLocale, storedLocale } from './choice';
