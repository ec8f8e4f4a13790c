import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { App } from '../../src/ui/App';

async function typeKeys(label: string, text: string) {
  const user = userEvent.setup();
  const keys = within(screen.getByRole('group', { name: /sessions$/ })).getByLabelText(label);
  await user.clear(keys);
  await user.type(keys, text);
}

// A field's error is part of the page: it reads in the page's language, its figures written that language's way.
describe('field errors in the reader’s language', () => {
  afterEach(() => act(() => activateLocale('en')));

  it('German: a negative key count and a maximum with German digit grouping', async () => {
    await act(() => activateLocale('de'));
    render(<App />);
    await typeKeys('Schlüssel', '-5');
    expect(screen.getByRole('alert')).toHaveTextContent('Schlüssel: Der Wert darf nicht negativ sein');
    await typeKeys('Schlüssel', '1e15');
    expect(screen.getByRole('alert')).toHaveTextContent('über dem unterstützten Höchstwert von 1.000.000.000.000');
  });

  it('Russian: text that is not a number', async () => {
    await act(() => activateLocale('ru'));
    render(<App />);
    await typeKeys('Ключи', 'много');
    expect(screen.getByRole('alert')).toHaveTextContent('Ключи: «много» — не число');
  });
});
