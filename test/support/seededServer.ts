import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RunningServer } from './redisServer';
import { pipeCommands, type Command } from './respPipe';

/**
 * One throwaway server for a test file: started and loaded with `seed` before the file's tests,
 * stopped after them (startRedisServer's lifetime bounds it even if the run dies). The returned
 * handle is filled in when the server is up, so tests read `server.port` or `server.url` as usual.
 */
export function useSeededServer(options: {
  /** How long the server may live at most. */
  lifetimeMs: number;
  /** How long starting and seeding may take. */
  setupMs: number;
  seed: () => Iterable<Command>;
  extraArgs?: string[];
}): RunningServer {
  const server = {} as RunningServer;
  beforeAll(async () => {
    Object.assign(server, await startRedisServer({ lifetimeMs: options.lifetimeMs, extraArgs: options.extraArgs }));
    await pipeCommands(server.host, server.port, options.seed());
  }, options.setupMs);
  afterAll(async () => {
    await server.stop?.();
  });
  return server;
}
