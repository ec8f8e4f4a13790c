import Valkey from 'iovalkey';
import type { Deadline } from './deadline';
import { refuseNoPerm, SampleError } from './errors';

export interface Target {
  host: string;
  port: number;
  db: number;
  tls: boolean;
  username: string | undefined;
  password: string | undefined;
}

/** host:port as people write it, with brackets around IPv6 addresses. */
export const address = (t: { host: string; port: number }) =>
  t.host.includes(':') ? `[${t.host}]:${t.port}` : `${t.host}:${t.port}`;

/** Reads redis://[user[:password]@]host[:port][/db] (or rediss://); the password may also come from elsewhere. */
export function parseTarget(text: string, password: string | undefined): Target {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SampleError(`"${text}" is not a URL: use redis://host:port or rediss://host:port`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new SampleError(`unsupported scheme ${url.protocol} (use redis:// or rediss://)`);
  const path = url.pathname;
  let db = 0;
  if (path !== '' && path !== '/') {
    const m = /^\/(\d{1,5})$/.exec(path);
    if (!m)
      throw new SampleError(`the database in the URL is "${path.slice(1)}": it is a whole number, as in redis://host:6379/0`);
    db = Number(m[1]);
  }
  return {
    // URL keeps IPv6 hosts in brackets; the socket wants the bare address.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port || 6379),
    db,
    tls: url.protocol === 'rediss:',
    username: decodeURIComponent(url.username) || undefined,
    password: password ?? (decodeURIComponent(url.password) || undefined),
  };
}

/** Turns what the socket and client said into one sentence the user can act on. */
function connectionFailure(t: Target, message: string): SampleError {
  const where = address(t);
  if (/ECONNREFUSED/.test(message))
    return new SampleError(`cannot connect to ${where}: connection refused (is the server running and listening there?)`);
  if (/WRONGPASS|invalid password|invalid username-password/i.test(message))
    return new SampleError(
      'authentication failed: wrong user name or password (set the password in VALKEY_PASSWORD or REDISCLI_AUTH, or type it at the prompt)',
    );
  if (/NOAUTH|Authentication required/i.test(message))
    return new SampleError(
      'the server requires a password: set VALKEY_PASSWORD (or REDISCLI_AUTH), or run in a terminal to be asked for it',
    );
  // A plain server reads the TLS greeting as the start of a command and waits for the rest: a timeout.
  if (
    t.tls &&
    /EPROTO|SSL|TLS|wrong version number|packet length|ECONNRESET|socket disconnected|ETIMEDOUT|timed? ?out/i.test(message)
  )
    return new SampleError(
      `TLS handshake with ${where} failed: the server does not answer TLS there (use redis:// for a plain server)`,
    );
  if (/Protocol error|unexpected reply|reply type byte/i.test(message))
    return new SampleError(`${where} does not speak the Redis protocol (RESP): is this the right port?`);
  if (/ETIMEDOUT|timed? ?out/i.test(message)) return new SampleError(`cannot connect to ${where}: timed out`);
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return new SampleError(`cannot connect to ${where}: no such host`);
  return new SampleError(`cannot connect to ${where}: ${message.trim() || 'the connection was closed'}`);
}

/**
 * Connects and checks the server answers PING (and SELECT, for a database other than 0), all
 * within the deadline. A failure is a SampleError naming the cause.
 */
export async function connectTo(t: Target, deadline: Deadline, connectTimeoutMs: number): Promise<Valkey> {
  const client = new Valkey({
    host: t.host,
    port: t.port,
    family: 0,
    tls: t.tls ? { servername: t.host.includes(':') ? undefined : t.host } : undefined,
    lazyConnect: true,
    connectTimeout: Math.max(1, Math.min(connectTimeoutMs, deadline.remainingMs())),
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
    enableReadyCheck: false,
  });
  deadline.whenExpired(() => client.disconnect());
  // The socket's own error (ECONNREFUSED, a protocol error ...) arrives as an event; the rejection may only say "closed".
  let socketError = '';
  client.on('error', (e: Error) => {
    socketError ||= `${e.message} ${(e as NodeJS.ErrnoException).code ?? ''}`;
  });
  try {
    await deadline.race(client.connect(), `a connection to ${address(t)}`);
    // AUTH sent here, not by the client as it connects: its refusal (WRONGPASS) then comes back
    // as the answer, where the client's own would close the connection and leave only "Stream
    // isn't writeable" to the next command. Nothing reconnects (retryStrategy), so once is enough.
    if (t.password !== undefined) {
      const credentials = t.username === undefined ? [t.password] : [t.username, t.password];
      await deadline.race(client.call('AUTH', ...credentials), `the answer to AUTH from ${address(t)}`).catch((e: Error) => {
        // A server without a password takes the connection as it is (what the client did too).
        if (!/without any password configured|no password is set/i.test(e.message)) throw e;
      });
    }
    await deadline.race(client.ping(), `the answer to PING from ${address(t)}`);
  } catch (e) {
    client.disconnect();
    if (e instanceof SampleError) throw e;
    throw connectionFailure(t, `${(e as Error).message} ${socketError}`);
  }
  if (t.db !== 0) {
    try {
      await deadline.race(client.select(t.db), `the answer to SELECT from ${address(t)}`);
    } catch (e) {
      client.disconnect();
      if (e instanceof SampleError) throw e;
      refuseNoPerm(e as Error, 'select');
      throw new SampleError(`cannot use database ${t.db} on ${address(t)}: ${(e as Error).message}`);
    }
  }
  return client;
}
