import { act, render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import { Summary } from '../../src/ui/results/Summary';

/** A media query list for "(max-width: 1279px)" whose answer the test sets, as a window resize would. */
function controllableQuery(matches: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    media: '(max-width: 1279px)',
    matches,
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  return {
    list,
    set(next: boolean) {
      list.matches = next;
      listeners.forEach((l) => l());
    },
  };
}

const query = controllableQuery(false);
vi.stubGlobal('matchMedia', (media: string) => {
  expect(media).toBe('(max-width: 1279px)');
  return query.list;
});
afterAll(() => vi.unstubAllGlobals());

describe('the sticky summary', () => {
  it('works out no figures where two columns hide it, and shows them once the window is one column', () => {
    render(<Summary />);
    // Two columns: the section is there (its height is published) but empty and hidden.
    const section = document.querySelector('section.summary') as HTMLElement;
    expect(section.hidden).toBe(true);
    expect(section.textContent).toBe('');
    act(() => query.set(true));
    const shown = screen.getByRole('region', { name: 'Summary' });
    expect(shown.hidden).toBe(false);
    expect(shown.textContent).toMatch(/^9\.1: [\d.,]+ [KMGT]i?B/);
    // An edit reaches it while it is shown; back to two columns, it is emptied again.
    const before = shown.textContent;
    act(() => usePlannerStore.getState().workloadEdited(0, { keys: 123_456_789 }));
    expect(shown.textContent).not.toBe(before);
    act(() => query.set(false));
    expect(section.hidden).toBe(true);
    expect(section.textContent).toBe('');
  });
});
