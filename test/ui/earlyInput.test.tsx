import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEarlyInput, replayEarlyInput } from '../../src/ui/shell/earlyInput';

/** Controls of every kind the page has, each showing what the app has heard of it. */
function Form() {
  const [text, setText] = useState('632000');
  const [note, setNote] = useState('');
  const [units, setUnits] = useState('binary');
  const [cluster, setCluster] = useState(false);
  const [type, setType] = useState('string');
  return (
    <form>
      <input aria-label="Keys" value={text} onChange={(e) => setText(e.target.value)} />
      <textarea aria-label="INFO" value={note} onChange={(e) => setNote(e.target.value)} />
      <input type="radio" name="units" aria-label="binary" checked={units === 'binary'} onChange={() => setUnits('binary')} />
      <input type="radio" name="units" aria-label="decimal" checked={units === 'decimal'} onChange={() => setUnits('decimal')} />
      <input type="checkbox" aria-label="Cluster" checked={cluster} onChange={(e) => setCluster(e.target.checked)} />
      <select aria-label="Type" value={type} onChange={(e) => setType(e.target.value)}>
        <option value="string">string</option>
        <option value="hash">hash</option>
      </select>
      <output>{JSON.stringify({ text, note, units, cluster, type })}</output>
    </form>
  );
}

let root: Root | undefined;
// React's act() outside Testing Library's render: say the environment expects it.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/** The form as prerendered, in the document, not yet taken over. */
function prerendered() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  const get = <T extends Element>(label: string) => container.querySelector<T & HTMLElement>(`[aria-label="${label}"]`)!;
  return { container, get, heard: () => JSON.parse(container.querySelector('output')!.textContent!) as Record<string, unknown> };
}

describe('input made in the prerendered page before the takeover', () => {
  it('every kind of control is given to the app as one edit, with the caret where it was', async () => {
    const { container, get, heard } = prerendered();
    const keys = get<HTMLInputElement>('Keys');
    keys.focus();
    keys.value = '5000000';
    keys.setSelectionRange(3, 3);
    get<HTMLTextAreaElement>('INFO').value = 'used_memory:1';
    get<HTMLInputElement>('decimal').checked = true;
    get<HTMLInputElement>('Cluster').checked = true;
    get<HTMLSelectElement>('Type').value = 'hash';
    const before = readEarlyInput(container);

    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    // Unheard so far: the page shows what was typed, the app still has its own values.
    expect(heard()).toEqual({ text: '632000', note: '', units: 'binary', cluster: false, type: 'string' });

    const asOneEdit = vi.fn((apply: () => void) => apply());
    act(() => replayEarlyInput(container, before, asOneEdit));
    expect(asOneEdit).toHaveBeenCalledTimes(1);
    expect(heard()).toEqual({ text: '5000000', note: 'used_memory:1', units: 'decimal', cluster: true, type: 'hash' });
    expect(keys.value).toBe('5000000');
    expect(document.activeElement).toBe(keys);
    expect([keys.selectionStart, keys.selectionEnd]).toEqual([3, 3]);
  });

  it('what is typed while the app takes the page over is given too; nothing typed, nothing given', async () => {
    const { container, get, heard } = prerendered();
    const before = readEarlyInput(container);
    expect(before.changed.size).toBe(0);
    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    const asOneEdit = vi.fn((apply: () => void) => apply());
    act(() => replayEarlyInput(container, before, asOneEdit));
    expect(asOneEdit).not.toHaveBeenCalled();

    // Typed in the page after the app read it, the app not hearing it (as during the takeover).
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(get('Keys'), '7');
    act(() => replayEarlyInput(container, before, asOneEdit));
    expect(heard().text).toBe('7');
  });
});
