import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileChunks, openRdbInput, RDB_CHUNK_BYTES } from '../../src/cli/rdbInput';

const dir = mkdtempSync(join(tmpdir(), 'vrp-rdb-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(bytes: number): { path: string; content: Uint8Array } {
  const content = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) content[i] = (i * 131 + (i >> 8)) & 0xff;
  const path = join(dir, `f${bytes}.rdb`);
  writeFileSync(path, content);
  return { path, content };
}

const openFiles = () => readdirSync('/proc/self/fd').length;

describe("the rdb command's input", () => {
  it('reads a file in chunks of the given size, the last one short, in order', async () => {
    const { path, content } = fileOf(3 * 1024 + 512);
    const chunks: Uint8Array[] = [];
    for await (const chunk of fileChunks(path, 1024)) chunks.push(chunk);
    expect(chunks.map((c) => c.length)).toEqual([1024, 1024, 1024, 512]);
    expect(Buffer.concat(chunks).equals(Buffer.from(content))).toBe(true);
  });

  it('hands out a buffer of its own per chunk: a chunk kept stays as it was read', async () => {
    const { path, content } = fileOf(4096);
    const kept: Uint8Array[] = [];
    for await (const chunk of fileChunks(path, 1024)) kept.push(chunk);
    expect(new Set(kept.map((c) => c.buffer)).size).toBe(4);
    expect(Array.from(kept[0]!.subarray(0, 8))).toEqual(Array.from(content.subarray(0, 8)));
  });

  it('gives an empty file no chunk, and closes the file when the reader stops early', async () => {
    const empty = fileOf(0);
    const none: Uint8Array[] = [];
    for await (const chunk of fileChunks(empty.path)) none.push(chunk);
    expect(none).toEqual([]);

    const { path } = fileOf(10 * 1024);
    const before = process.platform === 'linux' ? openFiles() : 0;
    for await (const chunk of fileChunks(path, 1024)) {
      expect(chunk.length).toBe(1024);
      if (process.platform === 'linux') expect(openFiles()).toBe(before + 1);
      break;
    }
    if (process.platform === 'linux') expect(openFiles()).toBe(before);
  });

  it('knows a file by its size and reads it in 64 KiB chunks; "-" is standard input, of unknown size', async () => {
    const { path } = fileOf(RDB_CHUNK_BYTES + 10);
    const input = openRdbInput(path);
    expect(input.size).toBe(RDB_CHUNK_BYTES + 10);
    const lengths: number[] = [];
    for await (const chunk of input.chunks) lengths.push(chunk.length);
    expect(lengths).toEqual([RDB_CHUNK_BYTES, 10]);
    const stdin = openRdbInput('-');
    expect(stdin.size).toBeUndefined();
    expect(stdin.chunks).toBe(process.stdin);
  });

  it('names a missing file in its message', () => {
    expect(() => openRdbInput(join(dir, 'absent.rdb'))).toThrow(/ENOENT.*absent\.rdb/);
  });
});
