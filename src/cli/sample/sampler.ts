import type Valkey from 'iovalkey';
import type { DataType } from '../../data/vocabulary';
import { keyPattern, keyText } from './patterns';
import type { KeySample } from './summarize';

export interface SampleLimits {
  /** Keys to sample at most. */
  maxKeys: number;
  /** Server commands to send at most (SCAN, TYPE, ... each count one). */
  maxCommands: number;
  /** Wall-clock budget. */
  timeoutMs: number;
}

export interface SampleRun {
  samples: KeySample[];
  /** SCAN reached cursor 0: every key was seen, counts are exact. */
  scanComplete: boolean;
  commands: number;
  stoppedBy: 'complete' | 'maxKeys' | 'maxCommands' | 'timeout';
}

const TYPES: Record<string, DataType> = { string: 'string', hash: 'hash', set: 'set', zset: 'zset', list: 'list' };
const CANONICAL_INT = /^(0|-?[1-9]\d{0,18})$/;
const ELEMENT_SAMPLE = 5;

type Reply = [Error | null, unknown];
const str = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') : String(v));
const num = (v: unknown) => Number(str(v));

/** Length statistics of up to five sampled elements (values, members), from read-only commands. */
function elementStats(values: Buffer[]): { avg: number; ints: boolean } {
  if (values.length === 0) return { avg: 0, ints: false };
  return {
    avg: values.reduce((s, v) => s + v.length, 0) / values.length,
    ints: values.every((v) => CANONICAL_INT.test(v.toString('latin1'))),
  };
}

/**
 * Samples keys with SCAN and reads each with read-only commands only (TYPE, PTTL, OBJECT
 * ENCODING, MEMORY USAGE, STRLEN/HLEN/SCARD/ZCARD/LLEN, and HRANDFIELD/SRANDMEMBER/ZRANDMEMBER/
 * LRANGE for a few element sizes). Never writes, never runs KEYS; stops at the first limit.
 */
export async function sampleKeys(
  client: Valkey,
  limits: SampleLimits,
  onProgress: (sampled: number, commands: number) => void = () => {},
): Promise<SampleRun> {
  const started = Date.now();
  const samples: KeySample[] = [];
  let cursor = '0';
  let commands = 0;
  let scanComplete = false;
  let stoppedBy: SampleRun['stoppedBy'] = 'complete';
  const perKey = 6;
  for (;;) {
    if (Date.now() - started > limits.timeoutMs) {
      stoppedBy = 'timeout';
      break;
    }
    if (commands + 1 + perKey > limits.maxCommands) {
      stoppedBy = 'maxCommands';
      break;
    }
    const [nextCursor, keys] = (await client.callBuffer('scan', cursor, 'COUNT', 1000)) as [Buffer, Buffer[]];
    commands++;
    cursor = nextCursor.toString();
    const room = Math.min(limits.maxKeys - samples.length, Math.floor((limits.maxCommands - commands) / perKey));
    const batch = keys.slice(0, Math.max(0, room));
    if (batch.length > 0) {
      samples.push(...(await readKeys(client, batch)));
      commands += batch.length * perKey;
      onProgress(samples.length, commands);
    }
    if (cursor === '0' && batch.length === keys.length) {
      scanComplete = true;
      break;
    }
    if (samples.length >= limits.maxKeys) {
      stoppedBy = 'maxKeys';
      break;
    }
    if (batch.length < keys.length) {
      stoppedBy = 'maxCommands';
      break;
    }
    if (cursor === '0') break;
  }
  return { samples, scanComplete, commands, stoppedBy: scanComplete ? 'complete' : stoppedBy };
}

async function readKeys(client: Valkey, keys: Buffer[]): Promise<KeySample[]> {
  const first = client.pipeline();
  for (const k of keys) {
    first.callBuffer('type', k);
    first.callBuffer('pttl', k);
    first.callBuffer('object', 'encoding', k);
    first.callBuffer('memory', 'usage', k);
  }
  const replies = ((await first.exec()) ?? []) as Reply[];
  const types = keys.map((_, i) => str(replies[i * 4]![1]));
  const second = client.pipeline();
  keys.forEach((k, i) => {
    switch (types[i]) {
      case 'string':
        second.callBuffer('strlen', k);
        second.callBuffer('ping'); // keeps two replies per key; the encoding already says whether it is an integer
        break;
      case 'hash':
        second.callBuffer('hlen', k);
        second.callBuffer('hrandfield', k, ELEMENT_SAMPLE, 'WITHVALUES');
        break;
      case 'set':
        second.callBuffer('scard', k);
        second.callBuffer('srandmember', k, ELEMENT_SAMPLE);
        break;
      case 'zset':
        second.callBuffer('zcard', k);
        second.callBuffer('zrandmember', k, ELEMENT_SAMPLE);
        break;
      case 'list':
        second.callBuffer('llen', k);
        second.callBuffer('lrange', k, 0, ELEMENT_SAMPLE - 1);
        break;
      default:
        second.callBuffer('ping');
        second.callBuffer('ping');
    }
  });
  const details = ((await second.exec()) ?? []) as Reply[];
  return keys.map((k, i): KeySample => {
    const { text, utf8 } = keyText(k);
    const type = TYPES[types[i]!] ?? 'other';
    const pttl = num(replies[i * 4 + 1]![1]);
    const encoding = replies[i * 4 + 2]![0] ? 'unknown' : str(replies[i * 4 + 2]![1]);
    const memory = replies[i * 4 + 3]![0] ? null : num(replies[i * 4 + 3]![1]);
    const size = details[i * 2]![0] ? 0 : num(details[i * 2]![1]);
    const sampled = details[i * 2 + 1]![1];
    let valueBytes = 0;
    let fieldBytes: number | null = null;
    let intValues = false;
    if (type === 'string') {
      valueBytes = size;
      intValues = encoding === 'int';
    } else if (Array.isArray(sampled)) {
      const items = sampled as Buffer[];
      if (type === 'hash') {
        const fields = items.filter((_, j) => j % 2 === 0);
        const values = items.filter((_, j) => j % 2 === 1);
        fieldBytes = elementStats(fields).avg;
        ({ avg: valueBytes, ints: intValues } = elementStats(values));
      } else ({ avg: valueBytes, ints: intValues } = elementStats(items));
    }
    return {
      pattern: keyPattern(text),
      keyBytes: k.length,
      utf8,
      type,
      encoding,
      memoryUsage: Number.isFinite(memory) ? memory : null,
      hasTtl: pttl >= 0,
      elements: type === 'string' ? 1 : size,
      valueBytes,
      fieldBytes,
      intValues,
    };
  });
}
