/**
 * The churn patterns the harness runs on a real server, as commands: a dataset of string keys is
 * loaded, then changed as days of use change it. Keys are named with scrambled indexes (load.ts),
 * deletions and rewrites visit them in a seeded random order: the order in which keys die is not
 * the order in which they were allocated, as with TTL expiry or deletes by key.
 */
import { pipeCommands, type Command } from '../support/respPipe';
import { seededRandom } from '../support/seededRandom';
import { scrambledKeyName } from './load';

/** A value-size mix: the sizes of the values and the share of keys with each. */
export type ValueMix = ReadonlyArray<{ bytes: number; share: number }>;

export type ChurnPatternId = 'control' | 'delete-half' | 'replace-mix' | 'replace-half' | 'rewrite-2x';

export interface ChurnCase {
  pattern: ChurnPatternId;
  keys: number;
  keyBytes: number;
  /** The loaded keys' values. */
  loaded: ValueMix;
  /** replace-mix: the values of the keys that replace them. */
  replacement?: ValueMix;
}

/** Key i's value size: the mix's sizes in proportion, in a seeded random order (stratified, so the shares are exact). */
function valueSizes(mix: ValueMix, keys: number, seed: number): Int32Array {
  const sizes = new Int32Array(keys);
  let at = 0;
  for (const [i, { bytes, share }] of mix.entries()) {
    const end = i === mix.length - 1 ? keys : Math.min(keys, at + Math.round(share * keys));
    sizes.fill(bytes, at, end);
    at = end;
  }
  shuffle(sizes, seededRandom(seed));
  return sizes;
}

function shuffle(a: Int32Array, random: () => number): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
}

/** 0..n-1 in a seeded random order. */
function randomOrder(n: number, seed: number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  shuffle(order, seededRandom(seed));
  return order;
}

const value = (bytes: number) => 'v'.repeat(bytes);

/** Loads the case's keys (prefix a), one SET each, in index order. */
export async function loadChurnDataset(server: { host: string; port: number }, c: ChurnCase): Promise<void> {
  const sizes = valueSizes(c.loaded, c.keys, 1);
  function* commands(): Generator<Command> {
    for (let i = 0; i < c.keys; i++) yield ['set', scrambledKeyName('a', i, c.keyBytes), value(sizes[i]!)];
  }
  await pipeCommands(server.host, server.port, commands(), 300_000);
}

/** Runs the case's pattern on the loaded dataset: c.keys operations or fewer, each a command or two. */
export async function runChurn(server: { host: string; port: number }, c: ChurnCase): Promise<void> {
  const order = randomOrder(c.keys, 2);
  function* commands(): Generator<Command> {
    switch (c.pattern) {
      case 'control':
        return;
      case 'delete-half':
        for (let j = 0; j < c.keys / 2; j++) yield ['del', scrambledKeyName('a', order[j]!, c.keyBytes)];
        return;
      case 'replace-mix':
      case 'replace-half': {
        // Each old key gives way to a new one (prefix b) of the other mix: deletes and inserts interleave.
        const sizes = valueSizes(c.replacement!, c.keys, 3);
        const replaced = c.pattern === 'replace-half' ? c.keys / 2 : c.keys;
        for (let j = 0; j < replaced; j++) {
          yield ['del', scrambledKeyName('a', order[j]!, c.keyBytes)];
          yield ['set', scrambledKeyName('b', j, c.keyBytes), value(sizes[j]!)];
        }
        return;
      }
      case 'rewrite-2x': {
        const sizes = valueSizes(c.loaded, c.keys, 1);
        for (let j = 0; j < c.keys; j++) {
          const i = order[j]!;
          yield ['set', scrambledKeyName('a', i, c.keyBytes), value(2 * sizes[i]!)];
        }
        return;
      }
    }
  }
  await pipeCommands(server.host, server.port, commands(), 300_000);
}
