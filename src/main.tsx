import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { activateLocale, chooseLocale, DEFAULT_LOCALE, storedLocale } from './i18n';
import { decodeLink } from './scenario/link';
import { startUrlSync } from './state/urlSync';
import { App } from './ui/App';
import { EmbedApp } from './ui/EmbedApp';
import { LocaleRoot } from './ui/LocaleRoot';
import { StartedSignal } from './ui/StartedSignal';
import './ui/styles.css';

// The layout is chosen once, from the link the page was opened with (decoded once: it can be long).
const link = decodeLink(location.hash);
const embed = link.embed;
startUrlSync(window, { embed, decoded: link });
if (embed) document.documentElement.classList.add('embedded');

const locale = chooseLocale({
  fragment: location.hash,
  stored: storedLocale(),
  languages: navigator.languages ?? [navigator.language],
});

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <StartedSignal />
    <LocaleRoot>{embed ? <EmbedApp /> : <App />}</LocaleRoot>
  </StrictMode>
);

// index.html holds the prerendered default scenario in English; a page opened from a link, or
// in another language (both marked by the script in index.html's head, which also hid the
// default), renders afresh. Another language's catalog is loaded first, so English never shows.
function start() {
  const html = document.documentElement;
  const afresh = html.classList.contains('from-link') || html.classList.contains('translated') || locale !== DEFAULT_LOCALE;
  if (root.hasChildNodes() && !afresh) {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
    html.classList.remove('from-link', 'translated');
  }
}

if (locale === DEFAULT_LOCALE) start();
else activateLocale(locale).then(start, start);
