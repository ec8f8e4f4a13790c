import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deflateSync, strToU8 } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { App } from '../../src/ui/App';
import { Notice } from '../../src/ui/Notice';
import { decodeLink } from '../../src/scenario/link';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { noticeFor } from '../../src/state/urlSync';
import { toBase64Url } from '../../src/scenario/base64url';
import { usePlannerStore } from '../../src/state/store';

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

// A link's notice too: the page words it in its own language, whichever language made the link.
describe('link notices in the reader’s language', () => {
  afterEach(() => act(() => activateLocale('en')));
  const showNotice = (fragment: string) =>
    act(() => usePlannerStore.getState().scenarioLoaded(DEFAULT_SCENARIO, {}, noticeFor(decodeLink(fragment))));

  it('German: a link from a newer planner', async () => {
    await act(() => activateLocale('de'));
    render(<Notice />);
    showNotice('v=99&s=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Link stammt aus einer neueren Version des Planers (Format 99); die Standardwerte werden angezeigt.',
    );
  });

  it('German: what is wrong inside a damaged part, from the schema’s findings; the JSON fields keep their names', async () => {
    await act(() => activateLocale('de'));
    render(<Notice />);
    const workload = DEFAULT_SCENARIO.workloads[0]!;
    const scenario = {
      ...DEFAULT_SCENARIO,
      deployment: { shards: 0 },
      workloads: [
        { ...workload, keys: -5 },
        { ...workload, name: 'b', fieldBytes: 3 },
        { ...workload, name: 'c', keys: 2e12, valueKind: 'x' },
      ],
    };
    showNotice(`v=2&s=${toBase64Url(deflateSync(strToU8(JSON.stringify({ scenario }))))}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Teile dieses Links ließen sich nicht verwenden: deployment ignoriert: shards: mindestens 1; ' +
        'Workload 1 weggelassen: keys: darf nicht negativ sein; Workload 2: ignoriert – fieldBytes: gilt nur für Workloads vom Typ hash; ' +
        'Workload 3 weggelassen: keys: höchstens 1.000.000.000.000; valueKind: einer der Werte bytes, int.',
    );
  });

  it('Russian: an unknown setting and a display setting left out', async () => {
    await act(() => activateLocale('ru'));
    render(<Notice />);
    const payload = { scenario: { ...DEFAULT_SCENARIO, evil: 1 }, view: { chart: 'pie' } };
    showNotice(`v=2&s=${toBase64Url(deflateSync(strToU8(JSON.stringify(payload))))}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Часть ссылки не удалось использовать: пропущена неизвестная настройка «evil»; пропущена настройка отображения «chart».',
    );
  });
});
