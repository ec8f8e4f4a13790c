import type { ReactNode } from 'react';

/**
 * The first stop of the Tab key: jumps past the inputs to `target`. It moves focus itself
 * rather than following its href, since the page's hash holds the scenario.
 */
export function SkipLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(e) => {
        const element = document.getElementById(target);
        if (!element) return;
        e.preventDefault();
        element.focus();
        element.scrollIntoView();
      }}
    >
      {children}
    </a>
  );
}
