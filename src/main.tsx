import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { activateLocale, chooseLocale, DEFAULT_LOCALE, storedLocale } from './i18n';
import { carriesState, fragmentParams } from './scenario/linkFragment';
import { useHistoryStore } from './state/history';
import { loadChurnModel } from './state/churnLoader';
import { usePlannerStore } from './state/store';
import { App } from './ui/shell/App';
import { readEarlyInput } from './ui/shell/earlyInput';
import { KeepEarlyInput } from './ui/shell/KeepEarlyInput';
import { LocaleRoot } from './ui/shell/LocaleRoot';
import { StartedSignal } from './ui/shell/StartedSignal';
import './ui/styles.css';

// The layout is chosen once, from the link the page was opened with.
const fragment = location.hash;
const embed = fragmentParams(fragment).get('embed') === '1';
if (embed) document.documentElement.classList.add('embedded');

// The address bar's sync reads a link with its schemas (zod), which the first screen goes without:
// a link's state is decoded before anything renders; a plain visit shows the defaults the store
// starts with, and the sync comes after.
const linkRead = carriesState(fragment)
  ? Promise.all([import('./scenario/link'), import('./state/urlSync')]).then(([{ decodeLink }, { startUrlSync }]) => {
      startUrlSync(window, { embed, decoded: decodeLink(fragment) });
      // A link with churn sizes its nodes by the RSS model: it comes before the first render.
      if (usePlannerStore.getState().scenario.churn?.length) return loadChurnModel();
    })
  : null;

/** Once the page has started and the browser is idle: the sync's code then waits for no one. */
function syncAddressBarLater() {
  const { scenario, view } = usePlannerStore.getState();
  const startedFrom = { scenario, view, steps: useHistoryStore.getState().steps };
  const sync = () => void import('./state/urlSync').then(({ startUrlSync }) => startUrlSync(window, { embed, startedFrom }));
  if ('requestIdleCallback' in window) requestIdleCallback(sync, { timeout: 1000 });
  else setTimeout(sync, 100);
}

const locale = chooseLocale({
  fragment,
  stored: storedLocale(),
  languages: navigator.languages ?? [navigator.language],
});

// The embedded view is a page of its own, always rendered afresh from its link: its code stays out of
// the first screen of a plain visit.
const EmbedApp = lazy(() => import('./ui/shell/EmbedApp').then((m) => ({ default: m.EmbedApp })));

const root = document.getElementById('root')!;
const page = (keepEarlyInput?: ReactNode) => (
  <StrictMode>
    <StartedSignal />
    <LocaleRoot>
      {embed ? (
        <Suspense fallback={null}>
          <EmbedApp />
        </Suspense>
      ) : (
        <App />
      )}
    </LocaleRoot>
    {keepEarlyInput}
  </StrictMode>
);

// index.html holds the prerendered default scenario in English; a page opened from a link, or
// in another language (both marked by the script in index.html's head, which also hid the
// default), renders afresh. Another language's catalog is loaded first, so English never shows.
// What was typed or chosen in the prerendered page meanwhile is read before the takeover and given
// to the app once it has taken over (KeepEarlyInput).
function start() {
  const html = document.documentElement;
  const afresh = html.classList.contains('from-link') || html.classList.contains('translated') || locale !== DEFAULT_LOCALE;
  if (root.hasChildNodes() && !afresh) {
    hydrateRoot(root, page(<KeepEarlyInput root={root} before={readEarlyInput(root)} />));
  } else {
    root.replaceChildren();
    createRoot(root).render(page());
    html.classList.remove('from-link', 'translated');
  }
}

const localeActive = locale === DEFAULT_LOCALE ? null : activateLocale(locale);
if (!linkRead && !localeActive) start();
else void Promise.all([linkRead, localeActive]).then(start, start);
if (!linkRead) syncAddressBarLater();
