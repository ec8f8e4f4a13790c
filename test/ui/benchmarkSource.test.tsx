import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { App } from '../../src/ui/shell/App';

afterEach(() => activateLocale('en'));

describe('the first screen says where its measured figures come from', () => {
  it('names the post (title, author, publisher, date) and links its title, in the page language', async () => {
    render(<App />);
    const link = screen.getByRole('link', { name: 'Valkey Memory Optimization: Performance Benchmark Results' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\/www\.percona\.com\//));
    const sentence = link.closest('p')!;
    expect(sentence).toHaveTextContent(
      'The measured figures and the "1 TB" intro come from Percona\'s post Valkey Memory Optimization: Performance Benchmark Results by Lucas Yang (September 29, 2026)',
    );
  });

  it('in German, with the date as German writes it', async () => {
    await activateLocale('de');
    render(<App />);
    expect(
      screen.getByRole('link', { name: 'Valkey Memory Optimization: Performance Benchmark Results' }).closest('p'),
    ).toHaveTextContent('von Lucas Yang (Percona, 29. September 2026)');
  });
});
