import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import { forgetKeptState } from '../../src/ui/common/keptState';

// recharts' ResponsiveContainer measures 0x0 in jsdom and would draw nothing: give it a size.
vi.mock('recharts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('recharts')>();
  const { createElement } = await import('react');
  return {
    ...actual,
    ResponsiveContainer: ({ children }: { children: React.ReactElement }) =>
      createElement(
        'div',
        { style: { width: 800, height: 300 } },
        createElement(actual.ResponsiveContainer, { width: 800, height: 300, children }),
      ),
  };
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

const initial = usePlannerStore.getState();
beforeEach(() => usePlannerStore.setState(initial, true));
afterEach(() => {
  cleanup();
  forgetKeptState();
});
