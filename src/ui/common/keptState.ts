import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * What the reader set on the page that is not part of the scenario (cards collapsed, INFO
 * pasted, the breakdown's selection), kept in memory for as long as the page is open. The page
 * is rendered afresh when its language changes (LocaleRoot); these keep their state through it.
 * Nothing here is stored or sent anywhere.
 */
const kept = new Map<string, unknown>();

/** useState whose value outlives the component's remount; `key` names the state on the page (null: not kept, a plain useState). */
export function useKeptState<T>(key: string | null, initial: T | (() => T)): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() =>
    key !== null && kept.has(key) ? (kept.get(key) as T) : typeof initial === 'function' ? (initial as () => T)() : initial,
  );
  useEffect(() => {
    if (key !== null) kept.set(key, value);
  }, [key, value]);
  return [value, setValue];
}

/** Forgets every kept state: for tests, each of which opens a fresh page. */
export function forgetKeptState(): void {
  kept.clear();
}
