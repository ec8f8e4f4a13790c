import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { App } from '../../src/ui/shell/App';
import { LocaleRoot } from '../../src/ui/shell/LocaleRoot';
import { infoFixture } from '../support/infoFixture';

const fixture = infoFixture('strings-ttl');

// The page is rendered afresh in a new language; what the reader had set on it stays as it was.
describe('switching the language', () => {
  afterEach(() => activateLocale('en'));

  it('keeps a collapsed card collapsed and the pasted INFO', async () => {
    const user = userEvent.setup();
    render(
      <LocaleRoot>
        <App />
      </LocaleRoot>,
    );
    await user.click(within(screen.getByRole('group', { name: 'Workload sessions' })).getByRole('button', { name: 'Collapse' }));
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 30_000 }));
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: fixture } });

    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await screen.findByLabelText('Sprache', undefined, { timeout: 30_000 });
    const card = screen.getByRole('group', { name: 'Workload sessions' });
    expect(within(card).getByRole('button', { name: 'Bearbeiten' })).toBeInTheDocument();
    const infoPanel = await screen.findByRole('region', { name: 'Meinen Server auslesen' }, { timeout: 30_000 });
    expect((within(infoPanel).getByLabelText(/Fügen Sie die Ausgabe/) as HTMLTextAreaElement).value).toBe(
      fixture.replace(/\r\n/g, '\n'),
    );
  }, 90_000);
});
