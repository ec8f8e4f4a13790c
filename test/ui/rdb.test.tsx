import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRdb } from '../../src/cli/rdb';
import { Crc64 } from '../../src/rdb/crc64';
import { formatCount } from '../../src/format/count';
import { formatBytes } from '../../src/format/quantities';
import { activateLocale, withLaterMessages } from '../../src/i18n';
import { LocaleRoot } from '../../src/ui/shell/LocaleRoot';
import type { RdbAnalysis } from '../../src/rdb/analyze';
import type { RdbClusterAnalysis } from '../../src/rdb/merge';
import {
  serveRdbReads,
  type RdbWorkerReply,
  type RdbWorkerRequest,
  type StreamableFile,
  type WorkerScope,
} from '../../src/rdb/worker';
import { startHistory, undo } from '../../src/state/history';
import { resolvedOf } from '../../src/state/derived';
import { usePlannerStore } from '../../src/state/store';
import { resetRdbRead, startPageReader, type RdbWorkerPort } from '../../src/ui/snapshot/rdbRead';
import { lineLabel } from '../../src/ui/common/lineLabel';
import type { LineId } from '../../src/model/lineRegistry';
import { DEFAULT_SIZING, type SizingOptions } from '../../src/rdb/sizing';
import { analyze } from '../rdb/fixtures';

const FIXTURE = 'test/fixtures/rdb/valkey-8.1.1-bundled-mixed.rdb';
const FAMILIES = "The snapshot's key families";
const LINES_TABLE = "RAM of the snapshot's keys per version";

/** What `npm run -s rdb -- FILE --format json` prints for the file, read the way that command reads it. */
async function cliAnalysis(file: string): Promise<RdbAnalysis> {
  const out = await runRdb([file, '--format', 'json'], (path) => ({
    size: statSync(path).size,
    chunks: createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Uint8Array>,
  }));
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as RdbAnalysis;
}

/**
 * A worker in the test's own thread that runs the real handler: requests and replies cross
 * asynchronously, as they do with a Web Worker. `workers` collects each one started.
 */
function fakeWorkers() {
  const started: Array<{ terminated: boolean }> = [];
  const start = (): RdbWorkerPort => {
    const state = { terminated: false };
    started.push(state);
    const port: RdbWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage: (request: RdbWorkerRequest) => setTimeout(() => !state.terminated && scope.onmessage?.({ data: request })),
      terminate: () => (state.terminated = true),
    };
    const scope: WorkerScope = {
      onmessage: null,
      postMessage: (reply: RdbWorkerReply) => setTimeout(() => !state.terminated && port.onmessage?.({ data: reply })),
    };
    serveRdbReads(
      scope,
      () => Date.now(),
      () => new Promise((resolve) => setTimeout(resolve, 0)),
    );
    return port;
  };
  return { start, started };
}

async function renderPanel(startWorker: () => RdbWorkerPort, readsInPage = false) {
  const { RdbPanel } = await withLaterMessages(import('../../src/ui/snapshot/RdbPanel'));
  render(<RdbPanel startWorker={startWorker} readsInPage={readsInPage} />);
  return screen.getByLabelText('RDB file (dump.rdb)');
}

/** A File of the fixture's bytes (Node's: jsdom's has no stream()). */
function fixtureFile(path: string): NodeFile {
  return new NodeFile([readFileSync(path)], path.split('/').pop()!);
}

function rowCells(table: string, header: string): string[] {
  const row = within(screen.getByRole('table', { name: table }))
    .getByRole('rowheader', { name: header })
    .closest('tr')!;
  return [...row.cells].map((c) => c.textContent ?? '');
}

describe('the RDB snapshot panel', () => {
  // The read outlives the panel (it survives a change of language): each test starts without one.
  beforeEach(resetRdbRead);
  afterEach(() => activateLocale('en'));

  it('groups keys by the delimiter and depth set in the page, as the command does with --delimiter and --depth', async () => {
    const out = await runRdb([FIXTURE, '--delimiter', '_', '--depth', '1'], (path) => ({
      size: statSync(path).size,
      chunks: createReadStream(path) as AsyncIterable<Uint8Array>,
    }));
    const cli = JSON.parse(out.stdout) as RdbAnalysis;
    const workers = fakeWorkers();
    const input = await renderPanel(workers.start);
    const depth = screen.getByLabelText("Segments in a family's pattern");
    fireEvent.change(depth, { target: { value: '0' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The number of segments is a whole number from 1 to 32.');
    expect(input).toBeDisabled();
    fireEvent.change(depth, { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Delimiter between key segments'), { target: { value: '_' } });
    expect(input).toBeEnabled();
    fireEvent.change(input, { target: { files: [fixtureFile(FIXTURE)] } });
    const families = await screen.findByRole('table', { name: FAMILIES }, { timeout: 20_000 });
    const patterns = within(families)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(patterns).toEqual(cli.families.map((f) => f.pattern));
    // With "_" the keys of the fixture no longer split at ":".
    expect(patterns).not.toContain('session:*');
  }, 60_000);

  it('reads three shard snapshots at once, each in a worker of its own, and shows the cluster as the command merges it', async () => {
    const files = [
      'test/fixtures/rdb/valkey-8.0.1-bundled-mixed.rdb',
      FIXTURE,
      'test/fixtures/rdb/valkey-9.1.2-bundled-mixed.rdb',
    ];
    const out = await runRdb(files, (path) => ({
      size: statSync(path).size,
      chunks: createReadStream(path) as AsyncIterable<Uint8Array>,
    }));
    const cli = JSON.parse(out.stdout) as RdbClusterAnalysis;
    const workers = fakeWorkers();
    const input = await renderPanel(workers.start);
    fireEvent.change(input, { target: { files: files.map(fixtureFile) } });
    const shards = await screen.findByRole('table', { name: 'The snapshots, one per shard' }, { timeout: 20_000 });
    expect(workers.started).toHaveLength(3);
    expect(workers.started.every((w) => w.terminated)).toBe(true);
    const { versions } = resolvedOf(usePlannerStore.getState().scenario);
    for (const shard of cli.shards) {
      const cells = rowCells('The snapshots, one per shard', shard.name);
      expect(cells.slice(1)).toEqual([formatCount(shard.keys), ...versions.map((v) => formatBytes(shard.datasetBytes[v]))]);
    }
    expect(within(shards).getAllByRole('row')).toHaveLength(4);
    for (const v of versions) {
      const line = cli.lines.find((l) => l.line === v)!;
      expect(rowCells("The cluster's RAM per version", lineLabel(v)).slice(1)).toEqual(
        [line.totalBytes, line.meanBytes, line.largestBytes].map((b) => formatBytes(b)),
      );
    }
    expect(screen.getByText(new RegExp(`^Largest shard: ${cli.largest!.shard}, `))).toBeInTheDocument();
  }, 60_000);

  it('keeps the read when the page is rendered afresh in another language', async () => {
    const { RdbPanel } = await withLaterMessages(import('../../src/ui/snapshot/RdbPanel'));
    const workers = fakeWorkers();
    render(
      <LocaleRoot>
        <RdbPanel startWorker={workers.start} />
      </LocaleRoot>,
    );
    fireEvent.change(screen.getByLabelText('RDB file (dump.rdb)'), { target: { files: [fixtureFile(FIXTURE)] } });
    const families = await screen.findByRole('table', { name: FAMILIES }, { timeout: 20_000 });
    const rows = within(families).getAllByRole('row').length;
    await act(() => activateLocale('de'));
    const german = await screen.findByRole('table', { name: 'Die Schlüsselfamilien des Snapshots' }, { timeout: 20_000 });
    expect(within(german).getAllByRole('row')).toHaveLength(rows);
    // Read once: the new language started no second read.
    expect(workers.started).toHaveLength(1);
  }, 60_000);

  it('reads a real dump in the worker and shows the figures the rdb command prints; Use as scenario loads its scenario, and Undo takes it back', async () => {
    const cli = await cliAnalysis(FIXTURE);
    const workers = fakeWorkers();
    const input = await renderPanel(workers.start);
    fireEvent.change(input, { target: { files: [fixtureFile(FIXTURE)] } });
    const families = await screen.findByRole('table', { name: FAMILIES }, { timeout: 20_000 });
    // the worker is ended once its answer is in
    expect(workers.started).toHaveLength(1);
    expect(workers.started[0]!.terminated).toBe(true);

    expect(screen.getByText(/^Complete: read to its end/)).toBeInTheDocument();
    const [factList, reconciliationList] = document.querySelectorAll<HTMLElement>('dl.rdb-facts');
    const facts = within(factList!);
    expect(facts.getByText('valkey-8.1.1-bundled-mixed.rdb')).toBeInTheDocument();
    expect(facts.getByText(`Valkey ${cli.file.writer!.version} (planned as 8.1)`)).toBeInTheDocument();
    expect(facts.getByText(`${cli.file.magic}, RDB version ${cli.file.version}`)).toBeInTheDocument();
    expect(
      facts.getByText(new RegExp(`^${formatCount(cli.keys.total)} \\(.*\\); ${formatCount(cli.keys.planned)} sized$`)),
    ).toBeInTheDocument();
    expect(facts.getByText('correct')).toBeInTheDocument();

    // every family of the command, on every selected version, with the command's bytes
    const { versions, baseline, target } = resolvedOf(usePlannerStore.getState().scenario);
    const headers = within(families)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Pattern',
      'Type',
      'Keys',
      'With TTL',
      ...versions.map(lineLabel),
      `${lineLabel(target)} vs ${lineLabel(baseline)}`,
    ]);
    expect(within(families).getAllByRole('row')).toHaveLength(cli.families.length + 1);
    for (const f of cli.families.filter((x) => x.type !== 'stream')) {
      const cells = rowCells(FAMILIES, f.pattern);
      expect(cells.slice(1, 3)).toEqual([f.type, formatCount(f.keys)]);
      expect(cells.slice(4, 4 + versions.length)).toEqual(versions.map((v) => formatBytes(f.bytesPerLine[v])));
    }
    const stream = cli.families.find((x) => x.type === 'stream')!;
    expect(rowCells(FAMILIES, stream.pattern)[4]).toBe('not sized');
    // a figure a user would check: the largest family on the target version
    const largest = cli.families[0]!;
    expect(rowCells(FAMILIES, largest.pattern)[4 + versions.indexOf(target)]).toBe(formatBytes(largest.bytesPerLine[target]));

    for (const v of versions) {
      const line = cli.lines.find((l) => l.line === v)!;
      expect(rowCells(LINES_TABLE, lineLabel(v)).slice(1, 4)).toEqual([
        formatBytes(line.keyBytes),
        formatBytes(line.tableBytes),
        formatBytes(line.datasetBytes),
      ]);
    }

    // the stream is named with its bytes in the file
    const unplanned = cli.keys.unplanned[0]!;
    expect(
      screen.getByText(new RegExp(`^${unplanned.key}: stream of .* entries, ${formatCount(unplanned.fileBytes)} B in the file$`)),
    ).toBeInTheDocument();

    // the reconciliation with the writer's line
    const r = cli.reconciliation!;
    const reconciliation = within(reconciliationList!);
    expect(reconciliation.getByText('the model of 8.1')).toBeInTheDocument();
    expect(reconciliation.getByText(formatBytes(r.usedMemBytes))).toBeInTheDocument();
    expect(reconciliation.getByText(formatBytes(r.modelBytes))).toBeInTheDocument();

    // Use as scenario: the command's scenario, one step Undo takes back
    const before = usePlannerStore.getState().scenario;
    const stopHistory = startHistory();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Use as scenario' }));
      expect(usePlannerStore.getState().scenario).toEqual(cli.scenario);
      expect(screen.getByText(/are the scenario now/)).toBeInTheDocument();
      act(() => undo());
      expect(usePlannerStore.getState().scenario).toEqual(before);
    } finally {
      stopHistory();
    }
  }, 60_000);

  it('shows progress as a progressbar, and Cancel stops the read: the result is marked partial', async () => {
    const bytes = readFileSync(FIXTURE);
    // A slow file: small chunks, each after a pause, as a large file on a busy machine.
    const slow: StreamableFile = {
      name: 'slow.rdb',
      size: bytes.length,
      stream: () => {
        let at = 0;
        return {
          getReader: () => ({
            read: () =>
              new Promise<{ done: boolean; value?: Uint8Array }>((resolve) =>
                setTimeout(() => {
                  if (at >= bytes.length) return resolve({ done: true });
                  const value = bytes.subarray(at, at + 1024);
                  at += value.length;
                  resolve({ done: false, value });
                }, 20),
              ),
            cancel: async () => {},
            releaseLock: () => {},
          }),
        };
      },
    };
    const input = await renderPanel(fakeWorkers().start);
    fireEvent.change(input, { target: { files: [slow] } });
    const bar = await screen.findByRole('progressbar', { name: 'Reading slow.rdb' });
    await screen.findByText(new RegExp(`^.* of ${formatBytes(bytes.length).replace('.', '\\.')}`), undefined, {
      timeout: 10_000,
    });
    expect(Number(bar.getAttribute('value'))).toBeGreaterThan(0);
    expect(bar.getAttribute('max')).toBe(String(bytes.length));
    expect(input).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toMatch(/^Cancelled after [\d,]+ B and \d+ keys?: every figure below covers only what was read\.$/);
    const read = Number(/after ([\d,]+) B/.exec(alert.textContent!)![1]!.replace(/,/g, ''));
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(bytes.length);
    expect(screen.queryByRole('progressbar')).toBeNull();
  }, 60_000);

  it('follows the page’s settings after the read: a new allocator, cluster mode and another version change the figures to the model’s', async () => {
    const bytes = new Uint8Array(readFileSync(FIXTURE));
    const input = await renderPanel(fakeWorkers().start);
    expect(screen.queryByText(/single-file edition/)).toBeNull();
    fireEvent.change(input, { target: { files: [fixtureFile(FIXTURE)] } });
    await screen.findByRole('table', { name: FAMILIES }, { timeout: 20_000 });
    // What the model gives the file's keys on 8.1 with those settings, read afresh (as the rdb command reads it).
    const modelOn = (sizing: Partial<SizingOptions>, line: LineId) =>
      analyze(bytes, 65_536, { sizing: { ...DEFAULT_SIZING, ...sizing } }).lines.find((l) => l.line === line)!;
    const datasetCell = (line: LineId) => rowCells(LINES_TABLE, lineLabel(line))[3];
    const usual = modelOn({}, '8.1');
    expect(datasetCell('8.1')).toBe(formatBytes(usual.datasetBytes));

    act(() => usePlannerStore.getState().allocatorChosen('jemalloc-system'));
    const system = modelOn({ allocator: 'jemalloc-system' }, '8.1');
    expect(system.datasetBytes).toBeGreaterThan(usual.datasetBytes * 1.01);
    expect(datasetCell('8.1')).toBe(formatBytes(system.datasetBytes));
    expect(rowCells(LINES_TABLE, lineLabel('8.1')).slice(1, 3)).toEqual([
      formatBytes(system.keyBytes),
      formatBytes(system.tableBytes),
    ]);
    const largest = screen.getAllByRole('rowheader').find((h) => h.closest('table')?.getAttribute('aria-label') === FAMILIES)!;
    const fresh = analyze(bytes, 65_536, { sizing: { ...DEFAULT_SIZING, allocator: 'jemalloc-system' } });
    const family = fresh.families.find((f) => f.pattern === largest.textContent)!;
    const versions = resolvedOf(usePlannerStore.getState().scenario).versions;
    expect(rowCells(FAMILIES, family.pattern).slice(4, 4 + versions.length)).toEqual(
      versions.map((v) => formatBytes(family.bytesPerLine[v])),
    );

    expect(screen.queryByText(/marks no file as a cluster node/)).toBeNull();
    act(() => usePlannerStore.getState().clusterToggled(true));
    expect(datasetCell('8.1')).toBe(formatBytes(modelOn({ allocator: 'jemalloc-system', cluster: true }, '8.1').datasetBytes));
    // A Valkey file cannot tell whether a cluster node wrote it: the reconciliation's assumption is said.
    expect(
      screen.getByText(/^valkey 8\.1\.1 marks no file as a cluster node’s: the reconciliation takes its writer for one/),
    ).toBeInTheDocument();

    // A version added in the settings gets its row, with the same settings' figure.
    expect(screen.queryByRole('rowheader', { name: lineLabel('redis-8.0') })).toBeNull();
    act(() => usePlannerStore.getState().versionToggled('redis-8.0'));
    expect(datasetCell('redis-8.0')).toBe(
      formatBytes(modelOn({ allocator: 'jemalloc-system', cluster: true }, 'redis-8.0').datasetBytes),
    );
    // No note asks for a second read: the read priced these settings.
    expect(screen.queryByText(/Read the file again/)).toBeNull();
  }, 60_000);

  it('says that Valkey 9.1 does not load a dump of Redis 8.0 instead of giving a figure for it', async () => {
    const path = 'test/fixtures/rdb/redis-8.0.6-mixed.rdb';
    const input = await renderPanel(fakeWorkers().start);
    fireEvent.change(input, { target: { files: [fixtureFile(path)] } });
    await screen.findByRole('table', { name: FAMILIES }, { timeout: 20_000 });
    expect(rowCells(LINES_TABLE, lineLabel('9.1')).slice(1)).toEqual(['does not load this file', '–', '–', '–']);
    expect(rowCells(FAMILIES, 'session:*')[4 + resolvedOf(usePlannerStore.getState().scenario).versions.indexOf('9.1')]).toBe(
      'does not load this file',
    );
    expect(
      screen.getByText(
        /^Redis 7\.0, Redis 7\.2, Valkey 7\.2, Valkey 8\.0, Valkey 8\.1, Valkey 9\.0 and Valkey 9\.1 do not load a REDIS file of RDB version 12, so no figure is shown for them/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^With rdb-version-check relaxed, Valkey 9\.0 and Valkey 9\.1 read such a file on and stop/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /^150 hashes have fields with their own TTL: Redis 7\.0, Redis 7\.2, Valkey 7\.2, Valkey 8\.0 and Valkey 8\.1 price them/,
      ),
    ).toBeInTheDocument();
    // Redis 8 marks a cluster node's file: this one, without the marks, was not written by one.
    act(() => usePlannerStore.getState().clusterToggled(true));
    expect(
      screen.getByText(
        /^This file has no slot-info records, which redis 8\.0\.6 writes as a cluster node: its writer was not one/,
      ),
    ).toBeInTheDocument();
    act(() => usePlannerStore.getState().clusterToggled(false));
    // The line that wrote it has its figure once it is selected.
    act(() => usePlannerStore.getState().versionToggled('redis-8.0'));
    expect(rowCells(LINES_TABLE, lineLabel('redis-8.0'))[3]).toMatch(/^[\d.,]+ (KiB|KB|B)$/);
  }, 60_000);

  it('names the module key metadata of a Redis 8.6 file among what it does not size', async () => {
    const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
    // REDIS0013, redis-ver 8.6.3, then a string key carrying one metadata class (spec, an unsigned 5, EOF).
    const content = new Uint8Array([
      ...ascii('REDIS0013'),
      0xfa,
      9,
      ...ascii('redis-ver'),
      5,
      ...ascii('8.6.3'),
      0xfe,
      0,
      0xf3,
      1,
      0x11,
      0x22,
      0x33,
      0x44,
      2,
      5,
      0,
      0,
      1,
      ...ascii('k'),
      1,
      ...ascii('v'),
      0xff,
    ]);
    const crc = new Crc64();
    crc.update(content);
    const hex = crc.hex();
    const checksum = Array.from({ length: 8 }, (_, i) => parseInt(hex.slice(14 - 2 * i, 16 - 2 * i), 16));
    const file = new NodeFile([content, new Uint8Array(checksum)], 'meta.rdb');
    const input = await renderPanel(fakeWorkers().start);
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByRole('table', { name: FAMILIES }, { timeout: 20_000 });
    expect(screen.getByText(/^Complete: read to its end/)).toBeInTheDocument();
    expect(screen.getByText('module metadata on 1 key: 9 B in the file')).toBeInTheDocument();
  }, 60_000);

  it('reads in the page itself where no worker can start (the single-file build), and says so', async () => {
    const cli = await cliAnalysis(FIXTURE);
    // The single-file build's defaults (READS_IN_PAGE there).
    const input = await renderPanel(startPageReader, true);
    expect(screen.getByText(/This single-file edition reads it in the page itself/)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [fixtureFile(FIXTURE)] } });
    await screen.findByRole('table', { name: FAMILIES }, { timeout: 20_000 });
    expect(screen.getByText(/^Complete: read to its end/)).toBeInTheDocument();
    const line = cli.lines.find((l) => l.line === '8.1')!;
    expect(rowCells(LINES_TABLE, lineLabel('8.1'))[3]).toBe(formatBytes(line.datasetBytes));
  }, 60_000);

  it('says so when no worker can run in the page (a page opened as a file), instead of waiting for ever', async () => {
    // A worker whose script fails to load: the error event comes after the request.
    const broken = (): RdbWorkerPort => {
      const port: RdbWorkerPort = {
        onmessage: null,
        onerror: null,
        postMessage: () => setTimeout(() => port.onerror?.(new Event('error'))),
        terminate: () => {},
      };
      return port;
    };
    const input = await renderPanel(broken);
    fireEvent.change(input, { target: { files: [fixtureFile(FIXTURE)] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^valkey-8\.1\.1-bundled-mixed\.rdb could not be read: this page cannot start the background reader/,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(input).toBeEnabled();
  });
});
