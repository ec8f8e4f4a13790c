import { useId, useSyncExternalStore } from 'react';
import { t, type MessageId } from '../../i18n';

const THEMES = { system: 'theme.system', light: 'theme.light', dark: 'theme.dark' } as const satisfies Record<string, MessageId>;
type Theme = keyof typeof THEMES;

/** Where the choice is kept; index.html reads it before the first paint so the page never flashes. */
export const THEME_STORAGE_KEY = 'valkey-ram-planner:theme';

/** The theme the page shows: index.html applies the stored choice to the root element before the first paint. */
function shownTheme(): Theme {
  const value = document.documentElement.dataset.theme;
  return value === 'light' || value === 'dark' ? value : 'system';
}

const themeListeners = new Set<() => void>();
function subscribeToTheme(listener: () => void): () => void {
  themeListeners.add(listener);
  return () => themeListeners.delete(listener);
}

function applyTheme(theme: Theme) {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be off (private windows, sandboxed frames): the choice then lasts for this page.
  }
  for (const listener of themeListeners) listener();
}

/** Light or dark colours, or whatever the system prefers (the default). */
export function ThemeSwitch() {
  const id = useId();
  // The prerendered page says "system"; hydration then shows the theme the page was given.
  const theme = useSyncExternalStore(subscribeToTheme, shownTheme, () => 'system' as const);
  return (
    <div className="theme-switch">
      <label htmlFor={id}>{t('theme.label')}</label>
      <select
        id={id}
        value={theme}
        onChange={(e) => {
          const next = e.target.value as Theme;
          applyTheme(next);
        }}
      >
        {Object.entries(THEMES).map(([value, message]) => (
          <option key={value} value={value}>
            {t(message)}
          </option>
        ))}
      </select>
    </div>
  );
}
