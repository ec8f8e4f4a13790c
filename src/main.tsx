import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { decodeLink } from './scenario/link';
import { startUrlSync } from './state/urlSync';
import { App } from './ui/App';
import { EmbedApp } from './ui/EmbedApp';
import { StartedSignal } from './ui/StartedSignal';
import './ui/styles.css';

// The layout is chosen once, from the link the page was opened with (decoded once: it can be long).
const link = decodeLink(location.hash);
const embed = link.embed;
startUrlSync(window, { embed, decoded: link });
if (embed) document.documentElement.classList.add('embedded');

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <StartedSignal />
    {embed ? <EmbedApp /> : <App />}
  </StrictMode>
);
// index.html holds the prerendered default scenario; a page opened from a link (marked by the
// script in index.html's head, which also hid the default) renders its own scenario afresh.
const fromLink = document.documentElement.classList.contains('from-link');
if (root.hasChildNodes() && !fromLink) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
  document.documentElement.classList.remove('from-link');
}
