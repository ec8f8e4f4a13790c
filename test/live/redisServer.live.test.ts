import { describe, expect, it } from 'vitest';
import { connect, infoNumber, startRedisServer } from '../support/redisServer';

/** Whether a process of that id still runs (or is a zombie not yet reaped). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a test server', () => {
  it('is killed with everything it started when its lifetime ends, even if its test never stops it', async () => {
    const server = await startRedisServer({ lifetimeMs: 4_000 });
    const client = connect(server);
    const serverPid = await infoNumber(client, 'server', 'process_id');
    client.disconnect();
    // The process the helper started is `timeout`; the server is its child.
    expect(serverPid).not.toBe(server.pid);
    expect(running(serverPid)).toBe(true);
    await expect.poll(() => running(serverPid), { timeout: 15_000 }).toBe(false);
    expect(running(server.pid)).toBe(false);
    await server.stop();
  });

  it('stops at once when its test stops it', async () => {
    const server = await startRedisServer();
    const client = connect(server);
    const serverPid = await infoNumber(client, 'server', 'process_id');
    client.disconnect();
    await server.stop();
    await expect.poll(() => running(serverPid), { timeout: 5_000 }).toBe(false);
  });
});
