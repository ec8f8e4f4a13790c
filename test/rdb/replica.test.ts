import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRdbReplica } from '../support/rdbReplica';
import { analyze, FIXTURES } from './fixtures';

describe('the bench file written from a real dump', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vrp-rdb-replica-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const dump = FIXTURES.find((f) => f.name === 'valkey-9.1.2-bundled-mixed')!;

  it('holds whole copies of every key under new names, with a checksum the reader accepts', () => {
    const path = join(dir, 'replica.rdb');
    const facts = writeRdbReplica(dump.bytes, path, 1_000_000);
    const bytes = new Uint8Array(readFileSync(path));
    expect(bytes.length).toBe(facts.bytes);
    expect(facts.bytes).toBeGreaterThanOrEqual(1_000_000);

    const original = analyze(dump.bytes);
    const copy = analyze(bytes, 65_536, { fileSize: bytes.length });
    expect(copy.status).toBe('complete');
    expect(copy.file.checksum?.status).toBe('ok');
    expect(facts.keysPerCopy).toBe(original.keys.total);
    expect(copy.keys.total).toBe(facts.copies * original.keys.total);
    // A resize hint with the key count, as a server writes it (the reader sizes its duplicate check by it).
    expect(copy.file.resizeHints[0]).toMatchObject({ db: 0, keys: facts.keys });
    for (const [type, n] of Object.entries(original.keys.byType)) {
      expect(copy.keys.byType[type as keyof typeof copy.keys.byType]).toBe(facts.copies * n);
    }
    // Values are the dump's own, and every key is new: "session:<id>" becomes "session:<id>:<copy>".
    expect(copy.families.find((f) => f.pattern === 'session:*:*')?.keys).toBe(
      facts.copies * original.families.find((f) => f.pattern === 'session:*')!.keys,
    );
    // The dump's used-mem describes the dump, not the copy: it is left out.
    expect(copy.file.aux.some((a) => a.name === 'used-mem')).toBe(false);
    expect(copy.reconciliation).toBeNull();
  });
});
