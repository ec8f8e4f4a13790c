import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deflateSync, strToU8 } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { App } from '../../src/ui/shell/App';
import { Notice } from '../../src/ui/shell/Notice';
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

// A decimal comma where the language writes one (issue 32, items 7 and 9).
describe('figures typed the reader’s way', () => {
  afterEach(() => act(() => activateLocale('en')));
  const user = () => userEvent.setup();

  it('German: headroom "0,250" is 0.25 %, said under the field; the hint\'s "1,1" is accepted', async () => {
    await act(() => activateLocale('de'));
    render(<App />);
    const headroom = screen.getByLabelText('Puffer für Copy-on-Write nach fork (%)');
    await user().clear(headroom);
    await user().type(headroom, '0,250');
    expect(usePlannerStore.getState().scenario.deployment?.headroomPercent).toBe(0.25);
    expect(headroom.closest('.field')).toHaveTextContent('gelesen als 0,25');
    expect(headroom.closest('.field')).toHaveTextContent('eine Zahl ist ein Prozentsatz');

    const ratio = screen.getByLabelText(/Fragmentierungsgrad/);
    await user().clear(ratio);
    await user().type(ratio, 'x');
    expect(screen.getByRole('alert')).toHaveTextContent('eine Zahl wie 1,1');
    await user().clear(ratio);
    await user().type(ratio, '1,1');
    expect(ratio).toHaveAttribute('aria-invalid', 'false');
    expect(usePlannerStore.getState().scenario.deployment?.fragmentationRatio).toBe(1.1);
  });

  it('German: keys "1,250" is refused as ambiguous, naming both readings', async () => {
    await act(() => activateLocale('de'));
    render(<App />);
    await typeKeys('Schlüssel', '1,250');
    expect(screen.getByRole('alert')).toHaveTextContent('„1,250“ kann 1,25 oder 1250 bedeuten');
    expect(usePlannerStore.getState().scenario.workloads[0]!.keys).not.toBe(1250);
  });
});
