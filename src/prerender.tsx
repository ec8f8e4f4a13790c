import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './ui/App';

/**
 * The first screen for the default scenario, rendered at build time into index.html so that a
 * plain visit shows results before any JavaScript has run; main.tsx then takes it over.
 */
export function renderFirstScreen(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
