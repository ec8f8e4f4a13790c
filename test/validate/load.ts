import type Valkey from 'iovalkey';
import { pipeCommands, type Command } from '../support/respPipe';
import { representativeInteger } from '../../src/model/elements';
import type { Workload } from '../../src/scenario/schema';

const TTL_SECONDS = 10_000_000;

/** A key of exactly `length` bytes: a one-letter family prefix and a zero-padded index. */
export function keyName(prefix: string, index: number, length: number): string {
  const digits = String(index);
  if (digits.length + prefix.length > length) throw new Error(`key length ${length} cannot hold index ${index}`);
  return prefix + digits.padStart(length - prefix.length, '0');
}

/** n distinct elements of the workload's shape: strings of valueBytes bytes, or integers of that many digits. */
export function elements(w: Workload, n: number): string[] {
  if ((w.valueKind ?? 'bytes') === 'int') {
    const base = representativeInteger(w.valueBytes);
    return Array.from({ length: n }, (_, i) => String(base + (w.type === 'string' || w.type === 'list' ? 0 : i)));
  }
  if (w.type === 'string' || w.type === 'list' || w.type === 'hash')
    return Array.from({ length: n }, () => 'x'.repeat(w.valueBytes));
  return Array.from({ length: n }, (_, i) => keyName('m', i, w.valueBytes));
}

function fieldNames(w: Workload): string[] {
  if (w.type !== 'hash') return [];
  return Array.from({ length: w.fields ?? 0 }, (_, i) => keyName('f', i, w.fieldBytes ?? 1));
}

/** A workload's elements and field names, made once per workload rather than once per key. */
interface Shape {
  values: string[];
  names: string[];
}

function shapeOf(w: Workload): Shape {
  return { values: elements(w, w.fields ?? 1), names: fieldNames(w) };
}

/** The commands that build one key; `volatileFields` of a hash's fields get their own TTL (9.0+). */
function commandsFor(w: Workload, { values, names }: Shape, key: string, withTtl: boolean, volatileFields = 0): Command[] {
  let cmds: Command[];
  switch (w.type) {
    case 'string':
      return [withTtl ? ['set', key, values[0]!, 'EX', TTL_SECONDS] : ['set', key, values[0]!]];
    case 'hash':
      cmds = [['hset', key, ...names.flatMap((f, i) => [f, values[i]!])]];
      if (volatileFields > 0)
        cmds.push(['hexpire', key, TTL_SECONDS, 'FIELDS', volatileFields, ...names.slice(0, volatileFields)]);
      break;
    case 'set':
      cmds = [['sadd', key, ...values]];
      break;
    case 'zset':
      cmds = [['zadd', key, ...values.flatMap((m, i) => [i + 1, m])]];
      break;
    case 'list':
      cmds = [['rpush', key, ...values]];
      break;
  }
  if (withTtl) cmds.push(['expire', key, TTL_SECONDS]);
  return cmds;
}

/**
 * Reads that let a collection's dict finish an incremental rehash it started while growing
 * (one bucket per lookup on Redis 7.0): the model describes settled tables.
 */
function settleReads(w: Workload, { values, names }: Shape, key: string): Command[] {
  switch (w.type) {
    case 'hash':
      return names.map((f) => ['hexists', key, f]);
    case 'set':
      return values.map((m) => ['sismember', key, m]);
    case 'zset':
      return values.map((m) => ['zscore', key, m]);
    default:
      return [];
  }
}

/** Loads every workload (family prefixes a, b, c, ...); TTLs go to the first share of each family's keys. */
export async function loadWorkloads(
  server: { host: string; port: number },
  probe: Valkey,
  workloads: Workload[],
  options: { settle: boolean },
): Promise<void> {
  for (const [index, w] of workloads.entries()) {
    const prefix = String.fromCharCode(97 + index);
    const withTtl = Math.round(w.keys * w.ttlFraction);
    const shape = shapeOf(w);
    const key = (i: number) => keyName(prefix, i, w.keyBytes);
    // Field TTLs as the model counts them: floor(n x share) fields, one more on a share of the keys.
    const expectedVolatile = (w.fields ?? 0) * (w.fieldTtlFraction ?? 0);
    const withMoreVolatile = Math.round(w.keys * (expectedVolatile - Math.floor(expectedVolatile)));
    const volatileFields = (i: number) => Math.floor(expectedVolatile) + (i < withMoreVolatile ? 1 : 0);
    await pipeCommands(server.host, server.port, commandsFor(w, shape, key(0), 0 < withTtl, volatileFields(0)));
    // Only dicts rehash incrementally; listpacks, intsets and quicklists need no settling.
    const encoding = String(await probe.call('object', 'encoding', key(0)));
    const settle = options.settle && (encoding === 'hashtable' || encoding === 'skiplist');
    function* rest(): Generator<Command> {
      if (settle) yield* settleReads(w, shape, key(0));
      for (let i = 1; i < w.keys; i++) {
        yield* commandsFor(w, shape, key(i), i < withTtl, volatileFields(i));
        if (settle) yield* settleReads(w, shape, key(i));
      }
    }
    await pipeCommands(server.host, server.port, rest());
  }
}
