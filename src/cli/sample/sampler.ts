import type Valkey from 'iovalkey';
import type { DataType } from '../../data/vocabulary';
import type { Deadline } from './deadline';
import { refuseNoPerm } from './errors';
import { keyPattern, keyText } from './patterns';
import type { KeySample } from './summarize';

export interface SampleLimits {
  /** Keys to read in detail at most. */
  maxKeys: number;
  /** Server commands to send at most (SCAN, TYPE, MEMORY USAGE ... each count one). */
  maxCommands: number;
}

export interface SampleRun {
  /** Keys read in detail, spread over the whole scan; big keys are not among them. */
  samples: KeySample[];
  /** The largest keys, read in detail, each to become a workload of its own. */
  bigKeys: KeySample[];
  /** Keys above the big-key threshold that did not fit the list (left in their families). */
  bigKeysLeftOver: number;
  /** SCAN reached cursor 0. */
  scanComplete: boolean;
  /** Every key was read in detail: counts are exact. */
  everyKeyRead: boolean;
  scannedKeys: number;
  /** Keys whose MEMORY USAGE was read (in detail or by the size pass). */
  sizedKeys: number;
  /** Keys SCAN listed that were gone (deleted or expired) when read in detail: left out of the sample. */
  deletedKeys: number;
  commands: number;
  stoppedBy: 'complete' | 'maxKeys' | 'maxCommands' | 'timeout';
}

/** Keys listed as workloads of their own at most. */
export const MAX_BIG_KEYS = 20;
/** A key is big from this size on, and when it is far above the keys around it. */
const BIG_KEY_MIN_BYTES = 64 * 1024;
const BIG_KEY_OVER_MEAN = 32;
const SCAN_COUNT = 1000;
/** Commands a key read in detail costs at most (a string costs 5). */
const DETAIL_COMMANDS = 6;
/** Commands kept back for INFO, MEMORY STATS, DBSIZE ... and for reading the big keys. */
export const RESERVED_COMMANDS = 10 + MAX_BIG_KEYS * DETAIL_COMMANDS;

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

/** How many keys to read in detail, and how many commands are left for sizing the others. */
export function planBudget(dbsize: number, limits: SampleLimits): { detailTarget: number; sizeBudget: number } {
  const scanCost = Math.ceil(dbsize / SCAN_COUNT) + 1;
  const room = limits.maxCommands - RESERVED_COMMANDS;
  const afterScan = room - scanCost;
  // When the budget cannot even scan everything, the scan stops early and the keys seen are read in detail.
  const detailTarget = Math.max(
    0,
    Math.min(limits.maxKeys, dbsize, Math.floor((afterScan > 6 * 100 ? afterScan : room * 0.9) / DETAIL_COMMANDS)),
  );
  return { detailTarget, sizeBudget: Math.max(0, afterScan - detailTarget * DETAIL_COMMANDS) };
}

/**
 * One SCAN over the keyspace (read-only, never KEYS). Keys spread evenly over the scan are read
 * in detail (TYPE, PTTL, OBJECT ENCODING, MEMORY USAGE, the length, a few elements); the budget
 * left sizes every other key with MEMORY USAGE alone, so that the few keys that hold the memory
 * are found however rare they are. Stops at the first limit.
 */
export async function sampleKeys(
  client: Valkey,
  dbsize: number,
  limits: SampleLimits,
  deadline: Deadline,
  onProgress: (sampled: number, commands: number) => void = () => {},
): Promise<SampleRun> {
  const { detailTarget, sizeBudget } = planBudget(dbsize, limits);
  const stride = detailTarget > 0 ? Math.max(1, dbsize / detailTarget) : Infinity;
  const commandLimit = limits.maxCommands - RESERVED_COMMANDS;
  // The run keeps a tenth of its time (at most 5 s) to read the big keys and report.
  const reserveMs = Math.min(5_000, deadline.budgetMs / 10);
  const samples: KeySample[] = [];
  const sized: Array<{ key: Buffer; bytes: number }> = [];
  let sizeLeft = sizeBudget;
  let cursor = '0';
  let commands = 0;
  let scanned = 0;
  let sizedKeys = 0;
  let deletedKeys = 0;
  let strideCredit = stride - 1;
  let scanComplete = false;
  let stoppedBy: SampleRun['stoppedBy'] = 'complete';
  for (;;) {
    if (deadline.nearlyOver(reserveMs)) {
      stoppedBy = 'timeout';
      break;
    }
    if (commands + 1 > commandLimit) {
      stoppedBy = 'maxCommands';
      break;
    }
    const reply = await deadline.race(client.callBuffer('scan', cursor, 'COUNT', SCAN_COUNT), 'the answer to SCAN');
    const [nextCursor, keys] = reply as [Buffer, Buffer[]];
    commands++;
    cursor = nextCursor.toString();
    const detail: Buffer[] = [];
    const sizeOnly: Buffer[] = [];
    for (const k of keys) {
      strideCredit += 1;
      if (strideCredit >= stride && samples.length + detail.length < detailTarget) {
        strideCredit -= stride;
        detail.push(k);
      } else if (sizeLeft > sizeOnly.length) sizeOnly.push(k);
    }
    // The budget caps this batch; what does not fit stays unread.
    const room = commandLimit - commands;
    const detailFits = Math.max(0, Math.min(detail.length, Math.floor(room / DETAIL_COMMANDS)));
    detail.length = detailFits;
    sizeOnly.length = Math.max(0, Math.min(sizeOnly.length, room - detailFits * DETAIL_COMMANDS));
    scanned += keys.length;
    if (detail.length > 0) {
      const { read, commands: sent } = await readKeys(client, detail, deadline);
      read.forEach((s, i) => {
        if (s === null) {
          deletedKeys++;
          return;
        }
        samples.push(s);
        if (s.memoryUsage !== null) sized.push({ key: detail[i]!, bytes: s.memoryUsage });
      });
      commands += sent;
    }
    if (sizeOnly.length > 0) {
      const usages = await memoryUsages(client, sizeOnly, deadline);
      usages.forEach((bytes, i) => bytes !== null && sized.push({ key: sizeOnly[i]!, bytes }));
      commands += sizeOnly.length;
      sizeLeft -= sizeOnly.length;
    }
    sizedKeys += detail.length + sizeOnly.length;
    // Only the largest keys are kept: the list never grows with the keyspace.
    if (sized.length > 4 * MAX_BIG_KEYS) {
      sized.sort((a, b) => b.bytes - a.bytes);
      sized.length = 2 * MAX_BIG_KEYS;
    }
    onProgress(samples.length, commands);
    if (cursor === '0') {
      scanComplete = true;
      break;
    }
  }
  if (!scanComplete && stoppedBy === 'complete') stoppedBy = 'maxCommands';
  const meanBytes = mean(samples.map((s) => s.memoryUsage).filter((m): m is number => m !== null));
  const threshold = Math.max(BIG_KEY_MIN_BYTES, BIG_KEY_OVER_MEAN * meanBytes);
  const big = sized.filter((s) => s.bytes >= threshold).sort((a, b) => b.bytes - a.bytes);
  const chosen = big.slice(0, MAX_BIG_KEYS);
  const chosenNames = new Set(chosen.map((c) => c.key.toString('latin1')));
  const { read: bigRead, commands: bigCommands } = chosen.length
    ? await readKeys(
        client,
        chosen.map((c) => c.key),
        deadline,
        true,
      )
    : { read: [], commands: 0 };
  const bigKeys = bigRead.filter((s): s is KeySample => s !== null);
  deletedKeys += bigRead.length - bigKeys.length;
  commands += bigCommands;
  const everyKeyRead = scanComplete && samples.length === scanned;
  return {
    samples: samples.filter((s) => !chosenNames.has(s.keyName)),
    bigKeys,
    bigKeysLeftOver: big.length - chosen.length,
    scanComplete,
    everyKeyRead,
    scannedKeys: scanned,
    sizedKeys,
    deletedKeys,
    commands,
    stoppedBy: everyKeyRead
      ? 'complete'
      : stoppedBy !== 'complete'
        ? stoppedBy
        : detailTarget < Math.min(limits.maxKeys, dbsize)
          ? 'maxCommands'
          : 'maxKeys',
  };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

async function memoryUsages(client: Valkey, keys: Buffer[], deadline: Deadline): Promise<Array<number | null>> {
  const pipeline = client.pipeline();
  for (const k of keys) pipeline.callBuffer('memory', 'usage', k);
  const replies = ((await deadline.race(pipeline.exec(), 'the answers to MEMORY USAGE')) ?? []) as Reply[];
  return replies.map(([error, value]) => {
    refuseNoPerm(error, 'memory|usage');
    const n = error ? NaN : num(value);
    return Number.isFinite(n) ? n : null;
  });
}

const FIRST_COMMANDS = ['type', 'pttl', 'object|encoding', 'memory|usage'];

/**
 * Each key in detail, or null for a key that was gone when read (TYPE answers "none": deleted or
 * expired since SCAN listed it), which is no type at all, let alone one the model lacks.
 */
async function readKeys(
  client: Valkey,
  keys: Buffer[],
  deadline: Deadline,
  keepName = false,
): Promise<{ read: Array<KeySample | null>; commands: number }> {
  const first = client.pipeline();
  for (const k of keys) {
    first.callBuffer('type', k);
    first.callBuffer('pttl', k);
    first.callBuffer('object', 'encoding', k);
    first.callBuffer('memory', 'usage', k);
  }
  const replies = ((await deadline.race(first.exec(), 'the answers to TYPE, PTTL, OBJECT ENCODING and MEMORY USAGE')) ??
    []) as Reply[];
  replies.forEach(([error], i) => refuseNoPerm(error, FIRST_COMMANDS[i % 4]!));
  const types = keys.map((_, i) => str(replies[i * 4]![1]));
  const second = client.pipeline();
  const secondNames: string[] = [];
  // Where each key's two replies start; a string needs one (its length), a type the model lacks none.
  const firstReply: number[] = [];
  const add = (name: string, ...args: Array<string | number | Buffer>) => {
    second.callBuffer(name, ...args);
    secondNames.push(name);
  };
  keys.forEach((k, i) => {
    firstReply.push(secondNames.length);
    switch (types[i]) {
      case 'string':
        add('strlen', k); // the encoding already says whether it is an integer
        break;
      case 'hash':
        add('hlen', k);
        add('hrandfield', k, ELEMENT_SAMPLE, 'WITHVALUES');
        break;
      case 'set':
        add('scard', k);
        add('srandmember', k, ELEMENT_SAMPLE);
        break;
      case 'zset':
        add('zcard', k);
        add('zrandmember', k, ELEMENT_SAMPLE);
        break;
      case 'list':
        add('llen', k);
        add('lrange', k, 0, ELEMENT_SAMPLE - 1);
        break;
    }
  });
  const details = (
    secondNames.length ? ((await deadline.race(second.exec(), 'the answers to the length and element reads')) ?? []) : []
  ) as Reply[];
  details.forEach(([error], i) => refuseNoPerm(error, secondNames[i]!));
  const read = keys.map((k, i): KeySample | null => {
    if (types[i] === 'none') return null;
    const { text, utf8 } = keyText(k);
    const type = TYPES[types[i]!] ?? 'other';
    const pttl = num(replies[i * 4 + 1]![1]);
    const encoding = replies[i * 4 + 2]![0] ? 'unknown' : str(replies[i * 4 + 2]![1]);
    const memory = replies[i * 4 + 3]![0] ? null : num(replies[i * 4 + 3]![1]);
    const detailReplies = (firstReply[i + 1] ?? secondNames.length) - firstReply[i]!;
    const lengthReply = detailReplies >= 1 ? details[firstReply[i]!] : undefined;
    const size = !lengthReply || lengthReply[0] ? 0 : num(lengthReply[1]);
    const sampled = detailReplies >= 2 ? details[firstReply[i]! + 1]![1] : undefined;
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
      pattern: keepName ? text : keyPattern(text),
      keyName: k.toString('latin1'),
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
  return { read, commands: keys.length * 4 + secondNames.length };
}
