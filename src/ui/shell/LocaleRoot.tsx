import { Fragment, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { currentLocale, DEFAULT_LOCALE, onLocaleChange } from '../../i18n';

/**
 * Renders the page afresh in a newly chosen language: every text and figure is written at
 * render time, and the scenario lives in the store, so nothing but the wording changes. The
 * document's `lang` follows, for screen readers and the choice of CJK fonts.
 */
export function LocaleRoot({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(onLocaleChange, currentLocale, () => DEFAULT_LOCALE);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <Fragment key={locale}>{children}</Fragment>;
}
