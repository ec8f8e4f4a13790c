import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { validateDataFiles } from './data/dataFiles';
import { App } from './ui/shell/App';

/**
 * The first screen for the default scenario, rendered at build time into index.html so that a
 * plain visit shows results before any JavaScript has run; main.tsx then takes it over.
 */
export function renderFirstScreen(): string {
  // The page takes the data files as they are: a broken one fails the build here.
  validateDataFiles();
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
