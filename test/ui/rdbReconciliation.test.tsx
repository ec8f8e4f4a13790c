import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, withLaterMessages } from '../../src/i18n';
import { formatBytes } from '../../src/format/quantities';
import type { UsedMemReconciliation } from '../../src/rdb/analyze';
import { reconciliationLines } from '../../src/cli/rdbTable';

afterEach(() => activateLocale('en'));

/** The figures of a Redis 7.0.15 snapshot saved right after its writes (test/live/rdbReconcile.live.test.ts). */
const WRITTEN: UsedMemReconciliation = {
  line: 'redis-7.0',
  usedMemBytes: 31_152_896,
  emptyServerBytes: 915_792,
  aboveEmptyBytes: 30_237_104,
  modelBytes: 28_675_311,
  differenceBytes: 1_561_793,
  differencePercent: 5.45,
  collectionsWrittenLessLoadedBytes: 520_083,
  parts: [
    { kind: 'mainTableRehash', bytes: 1_048_576, oldTableSize: 131_072, oldTableUnit: 'slots' },
    { kind: 'collectionsAsWritten', bytes: 520_083, oldTableSize: null, oldTableUnit: null },
  ],
  remainderBytes: -6_866,
  remainderPercent: -0.023,
  remainderMayHold: [],
  allocator: null,
};

async function show(reconciliation: UsedMemReconciliation) {
  const { RdbReconciliation } = await withLaterMessages(import('../../src/ui/snapshot/RdbReconciliation'));
  render(<RdbReconciliation reconciliation={reconciliation} bytes={formatBytes} />);
  return [...document.querySelectorAll('dl.rdb-figures dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
}

describe("the page's reconciliation of a snapshot's used-mem", () => {
  it('names each part with its bytes, then the unexplained rest, and says nothing in the file names what else was held', async () => {
    const rows = await show(WRITTEN);
    expect(rows.slice(3)).toEqual([
      ['the model of Redis 7.0', formatBytes(28_675_311)],
      ['above the model as loaded', `+${formatBytes(1_561_793)} (+5.45 %)`],
      ["the main table's old table of 131,072 slots, held until its rehash ends", `+${formatBytes(1_048_576)}`],
      ['its collections as writes of one element each leave them, beyond a load (tables mid-rehash)', `+${formatBytes(520_083)}`],
      ['not explained by the model', `−${formatBytes(6_866)} (−0.02 %)`],
    ]);
    // The command words the same percentages (it showed −0.02 % where the page showed 0.0 %).
    const cli = reconciliationLines(WRITTEN).join('\n');
    expect(cli).toContain('+5.45 %');
    expect(cli).toContain('(−0.02 % of used-mem above the empty process)');
    expect(screen.getByText(/a part is counted when used-mem has room for it/)).toBeInTheDocument();
    expect(screen.getByText(/Nothing in the file says what else its writer held/)).toBeInTheDocument();
    expect(screen.queryByText(/client/i)).toBeNull();
  });

  it("names a replication backlog and an allocator other than the line's usual build when the file and the settings say so", async () => {
    await show({ ...WRITTEN, remainderMayHold: ['replication'], allocator: { priced: 'libc', writerUsual: 'jemalloc-system' } });
    expect(screen.getByText(/its writer also held a replication backlog/)).toBeInTheDocument();
    expect(screen.queryByText(/Nothing in the file says/)).toBeNull();
    expect(
      screen.getByText(/^Priced with glibc malloc .*, not system jemalloc .*, the usual build of Redis 7\.0/),
    ).toBeInTheDocument();
  });

  it("in the reader's language: German buckets on an 8.1+ hashtable", async () => {
    await activateLocale('de');
    const rows = await show({
      ...WRITTEN,
      line: '9.1',
      parts: [{ kind: 'expiresTableRehash', bytes: 1_048_576, oldTableSize: 16_384, oldTableUnit: 'buckets' }],
    });
    expect(rows.map(([label]) => label)).toContain(
      'die alte Tabelle der Ablaufzeiten-Tabelle (expires) mit 16.384 Buckets zu 64 Byte, gehalten bis ihr Rehash endet',
    );
    expect(screen.getByText(/^Nichts in der Datei sagt/)).toBeInTheDocument();
  });
});
