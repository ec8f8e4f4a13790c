import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Allocator } from '../../src/data/vocabulary';
import type { LineId } from '../../src/model/lineRegistry';
import { REDIS_SERVER } from '../support/redisServer';

/** A real server the validation loads, and the model layout and allocator it is compared with. */
export interface ValidationServer {
  id: string;
  /** What the server is, as the report names it. */
  label: string;
  /** Version string INFO must report: a cached build that answers otherwise is a wrong build. */
  version: string;
  binary: string;
  line: LineId;
  allocator: Allocator;
  /** Where `npm run validate -- --record` keeps this server's measurements. */
  fixture: string;
  /** How to get the binary when it is missing. */
  provider: string;
  /**
   * A server no script of the clone can build (its source is not in any archive the builds
   * fetch from): `npm run validate` measures it only when --server names it, and its recorded
   * fixture is replayed offline like every other.
   */
  localBuildOnly?: boolean;
  /**
   * Why this server's dataset is read against the emptied server (after FLUSHALL SYNC) rather
   * than the server before the load: something the load allocates outside the keyspace stays
   * allocated, so the reading before the load would count it as data.
   */
  baselineAfterFlush?: string;
}

/** scripts/server-builds.sh keeps its builds here, keyed by server, version and allocator. */
function serverBuild(server: 'valkey' | 'redis', version: string, allocator: 'bundled' | 'system'): string {
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'valkey-ram-planner', server, `${version}-${allocator}`, 'bin', `${server}-server`);
}

const BUNDLED_LABEL = 'bundled jemalloc (official build)';

const valkey = (version: string, allocator: 'bundled' | 'system', line: LineId): ValidationServer => ({
  id: `valkey-${version}-${allocator}`,
  label: `Valkey ${version}, ${allocator === 'bundled' ? BUNDLED_LABEL : "Debian's system jemalloc"}`,
  version,
  binary: serverBuild('valkey', version, allocator),
  line,
  allocator: allocator === 'bundled' ? 'jemalloc-bundled' : 'jemalloc-system',
  fixture: `test/fixtures/validation-valkey-${version}-${allocator}.json`,
  provider: 'scripts/server-builds.sh',
});

const redis = (version: string, line: LineId): ValidationServer => ({
  id: `redis-${version}`,
  label: `Redis ${version}, ${BUNDLED_LABEL}`,
  version,
  binary: serverBuild('redis', version, 'bundled'),
  line,
  allocator: 'jemalloc-bundled',
  fixture: `test/fixtures/validation-redis-${version}.json`,
  provider: 'scripts/server-builds.sh',
});

export const VALIDATION_SERVERS: ValidationServer[] = [
  {
    id: 'redis-7.0',
    label: 'Redis 7.0 (Debian package, system jemalloc)',
    version: '7.0.15',
    binary: REDIS_SERVER,
    line: 'redis-7.0',
    allocator: 'jemalloc-system',
    fixture: 'test/fixtures/validation-redis-7.0.json',
    provider: 'scripts/install-system-deps.sh',
  },
  redis('8.0.6', 'redis-8.0'),
  {
    ...redis('8.6.3', 'redis-8.6'),
    baselineAfterFlush:
      'Redis 8.6 keeps up to 16 parsed pipelined commands with their argument arrays (under 64 arguments) ' +
      'in a shared pool for reuse (networking.c reclaimPendingCommand, lookahead 16): a pipelined load ' +
      'leaves 0.5-2.8 KB there (9.6 KB after SADDs of 50 members), which FLUSHALL keeps.',
  },
  {
    ...valkey('8.0.1', 'bundled', '8.0'),
    provider:
      "a build of the valkey repository's tag 8.0.1 (git archive 8.0.1, then make MALLOC=jemalloc BUILD_TLS=no " +
      'OPTIMIZATION=-O2, as scripts/server-builds.sh builds the others) with src/valkey-server copied to this path',
    localBuildOnly: true,
  },
  valkey('8.1.1', 'bundled', '8.1'),
  valkey('9.1.2', 'bundled', '9.1'),
  valkey('9.1.2', 'system', '9.1'),
];
