import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { cell } from './helpers';
import { infoFixture } from '../support/infoFixture';

const fixture = infoFixture('strings-ttl');

describe('read my server', () => {
  it('pasting INFO shows the server, the observed bytes per key, warnings and the projection per line', async () => {
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 30_000 }));
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: fixture } });
    expect(panel.getByText(/Server: redis 7.0.15, modeled as the Redis 7.0 layout/)).toBeInTheDocument();
    expect(panel.getByText(/40,000 keys, 50 % with a TTL/)).toBeInTheDocument();
    expect(within(panel.getByRole('list', { name: 'Warnings' })).getByText(/16-byte size steps/)).toBeInTheDocument();
    expect(panel.getByText(/mem_allocator is jemalloc-5.3.0, but redis 7.0.15 bundles jemalloc 5.2.1/)).toBeInTheDocument();
    const table = panel.getByRole('table', { name: 'The same keys on each line' });
    // the server's own line, then the five Valkey lines
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(panel.getByRole('table', { name: 'Used memory, reconciled' })).toBeInTheDocument();
    expect(panel.getByText(/^Unexplained: .* % of what is left for the keys/)).toBeInTheDocument();
    expect(cell('9.1', 'Change', 'The same keys on each line')).toMatch(/^−.* \(−\d+\.\d %\)$/);
  }, 60_000);

  it('in German, the warnings, the assumptions, the reason for the build, the reconciliation rows and a refusal are German; used_memory stays the server’s word', async () => {
    await activateLocale('de');
    try {
      render(<App />);
      const panel = within(await screen.findByRole('region', { name: 'Meinen Server auslesen' }, { timeout: 30_000 }));
      fireEvent.change(panel.getByLabelText(/Fügen Sie die Ausgabe/), { target: { value: fixture } });
      const rows = within(panel.getByRole('table', { name: 'used_memory, aufgeschlüsselt' })).getAllByRole('row');
      const parts = rows.slice(1).map((r) => (r as HTMLTableRowElement).cells[0]!.textContent);
      expect(parts).toEqual([
        'used_memory',
        'beim Start (leerer Prozess)',
        'Client-Puffer',
        'Replikations-Backlog',
        'AOF-Puffer',
        'Skripte und Funktionen',
        'Cluster-Verbindungen',
        'bleibt für die Schlüssel',
        'Modell der Schlüssel',
        'nicht erklärt',
      ]);
      const warnings = within(panel.getByRole('list', { name: 'Warnungen' }));
      expect(warnings.getByText(/^Dies ist ein Build namens redis: ein altes Paket oder Redis selbst/)).toBeInTheDocument();
      expect(warnings.getByText(/jemalloc-Bibliothek mit 16-Byte-Größenstufen/)).toBeInTheDocument();
      expect(
        panel.getByText(/mem_allocator ist jemalloc-5\.3\.0, aber redis 7\.0\.15 bündelt jemalloc 5\.2\.1/),
      ).toBeInTheDocument();
      expect(warnings.getByText(/^mem_fragmentation_ratio beträgt 2,6: RSS liegt deutlich über used_memory/)).toBeInTheDocument();
      expect(
        panel.getByText(
          /^INFO memory teilt used_memory in .+ Datenbestand und .+ Overhead; sein Overhead enthält die Schlüsseltabellen/,
        ),
      ).toBeInTheDocument();
      // A swapped-out server with two replicas: figures in German, the plural chosen by the count.
      const swapped = fixture
        .replace(/^mem_fragmentation_ratio:.*$/m, 'mem_fragmentation_ratio:0.42')
        .replace(/^connected_slaves:0$/m, 'connected_slaves:2');
      fireEvent.change(panel.getByLabelText(/Fügen Sie die Ausgabe/), { target: { value: swapped } });
      expect(
        within(panel.getByRole('list', { name: 'Warnungen' })).getByText(
          '2 Replikate halten dieselben Daten und brauchen genauso viel RAM.',
        ),
      ).toBeInTheDocument();
      expect(
        panel.getByText(
          /die beobachtete Fragmentierungsquote 0,42 liegt außerhalb von 1–5 \(ein Teil des Prozesses ist ausgelagert\): Das Szenario behält den Standardwert 1,1/,
        ),
      ).toBeInTheDocument();
      expect(
        panel.getByText(/Angenommen: Schlüssel sind Strings von 24 Byte .*; die anderen Versionen sind gleich gebaut/),
      ).toBeInTheDocument();
      // A paste that is not INFO at all is refused in German too.
      fireEvent.change(panel.getByLabelText(/Fügen Sie die Ausgabe/), { target: { value: 'lorem ipsum\nkein INFO' } });
      expect(panel.getByRole('alert')).toHaveTextContent(
        /^Keine INFO-Felder gefunden: Erwartet werden Zeilen wie „used_memory:1234“/,
      );
    } finally {
      await activateLocale('en');
    }
  }, 60_000);

  it('MALLOC-STATS pasted below INFO decides the build; the user can override it', async () => {
    const user = userEvent.setup();
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 30_000 }));
    const text = `${fixture}\n___ Begin jemalloc statistics ___\nVersion: "5.3.0-0-g0"\nQuantum size: 8\n`;
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: text } });
    expect(panel.getByText(/MEMORY MALLOC-STATS says Quantum size: 8/)).toBeInTheDocument();
    await user.selectOptions(panel.getByLabelText('Allocator build'), 'jemalloc-system');
    expect(panel.getByText(/set by hand to jemalloc-system/)).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Use as scenario' }));
    expect(usePlannerStore.getState().scenario.allocator).toBe('jemalloc-system');
  }, 60_000);

  it('a damaged used_memory gets a message naming it, and no figures', async () => {
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 30_000 }));
    const damaged = fixture.replace(/^used_memory:\d+/m, 'used_memory:0x2F');
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: damaged } });
    expect(panel.getByRole('alert')).toHaveTextContent('used_memory is "0x2F"');
    expect(panel.queryByRole('table', { name: 'The same keys on each line' })).toBeNull();
  }, 60_000);

  it('garbage gets a clear message and the app keeps working', async () => {
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 30_000 }));
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: 'lorem ipsum\nnot info at all' } });
    expect(panel.getByRole('alert')).toHaveTextContent('No INFO fields found');
    expect(cell('7.2', 'Bytes per key')).toBe('101.27 B');
  }, 60_000);

  it('"Use as scenario" loads derived numbers only', async () => {
    const user = userEvent.setup();
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 30_000 }));
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: fixture } });
    await user.click(panel.getByRole('button', { name: 'Use as scenario' }));
    const scenario = usePlannerStore.getState().scenario;
    expect(scenario.workloads[0]).toMatchObject({ name: 'keys from INFO', keys: 40_000, ttlFraction: 0.5 });
    expect(scenario.allocator).toBe('jemalloc-system');
    expect(scenario.deployment!.fragmentationRatio).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(scenario)).not.toContain('used_memory');
    expect(screen.getByRole('group', { name: 'Workload keys from INFO' })).toBeInTheDocument();
  }, 60_000);
});
