import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { decodeLink } from './scenario/link';
import { startUrlSync } from './state/urlSync';
import { App } from './ui/App';
import { EmbedApp } from './ui/EmbedApp';
import './ui/styles.css';

// The layout is chosen once, from the link the page was opened with.
const embed = decodeLink(location.hash).embed;
startUrlSync(window, { embed });
if (embed) document.documentElement.classList.add('embedded');

createRoot(document.getElementById('root')!).render(<StrictMode>{embed ? <EmbedApp /> : <App />}</StrictMode>);
