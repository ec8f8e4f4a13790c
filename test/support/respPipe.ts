import { Socket } from 'node:net';

export type Command = ReadonlyArray<string | number>;

function encode(cmd: Command): string {
  let out = `*${cmd.length}\r\n`;
  for (const part of cmd) {
    const s = String(part);
    out += `$${Buffer.byteLength(s, 'latin1')}\r\n${s}\r\n`; // written as latin1: one byte per char
  }
  return out;
}

/**
 * Sends many commands down one connection without waiting for each reply (like
 * `redis-cli --pipe`) and counts the replies; fails on the first error reply. For bulk loads in
 * tests, where a client library's per-command bookkeeping would dominate the run time.
 */
export async function pipeCommands(
  host: string,
  port: number,
  commands: Iterable<Command>,
  timeoutMs = 120_000,
): Promise<number> {
  const socket = new Socket();
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.connect(port, host, () => resolve());
  });
  let sent = 0;
  let received = 0;
  let pending = '';
  let failure: Error | null = null;
  let doneSending = false;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });

  // Replies here are simple strings, errors, integers, bulk strings (ZSCORE) or flat arrays of
  // those (HEXPIRE): count them, an array as one reply.
  let arrayElementsLeft = 0;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    pending += chunk;
    let pos = 0;
    for (;;) {
      const eol = pending.indexOf('\r\n', pos);
      if (eol < 0) break;
      const type = pending[pos];
      if (type === '$') {
        const len = Number(pending.slice(pos + 1, eol));
        if (len < 0) pos = eol + 2;
        else if (pending.length >= eol + 2 + len + 2) pos = eol + 2 + len + 2;
        else break;
      } else {
        if (type === '-' && !failure) failure = new Error(`server replied ${pending.slice(pos, eol)}`);
        if (type === '*') {
          received++;
          arrayElementsLeft = Math.max(0, Number(pending.slice(pos + 1, eol)));
          pos = eol + 2;
          continue;
        }
        pos = eol + 2;
      }
      if (arrayElementsLeft > 0) arrayElementsLeft--;
      else received++;
    }
    pending = pending.slice(pos);
    if (doneSending && received >= sent) finish();
  });
  socket.on('error', (e) => {
    failure ??= e;
    finish();
  });
  const timer = setTimeout(() => {
    failure ??= new Error(`pipe timed out after ${timeoutMs} ms (${received}/${sent} replies)`);
    finish();
  }, timeoutMs);

  let buffer = '';
  for (const cmd of commands) {
    buffer += encode(cmd);
    sent++;
    if (buffer.length > 1 << 20) {
      if (!socket.write(buffer, 'latin1')) await new Promise((r) => socket.once('drain', r));
      buffer = '';
    }
  }
  if (buffer) socket.write(buffer, 'latin1');
  doneSending = true;
  if (received >= sent) finish();
  await finished;
  clearTimeout(timer);
  socket.destroy();
  if (failure) throw failure;
  return received;
}
