import { useId, useState } from 'react';
import { activateLocale, currentLocale, LOCALE_NAMES, LOCALES, rememberLocale, t, type Locale } from '../../i18n';

/** The page's language: chosen from the browser at first, then by the reader, and remembered. */
export function LanguageSwitch() {
  const id = useId();
  const [locale, setLocale] = useState<Locale>(currentLocale);
  return (
    <div className="language-switch">
      <label htmlFor={id}>{t('languageSwitch.label')}</label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          const next = e.target.value as Locale;
          setLocale(next);
          rememberLocale(next);
          void activateLocale(next);
        }}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
