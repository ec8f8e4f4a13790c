import Valkey from 'iovalkey';
import { analyzeInfo } from '../../info/analyze';
import { parseInfo } from '../../info/parse';
import { estimateVersion } from '../../model';
import { encodeLink } from '../../scenario/link';
import { resolveScenario, type Scenario } from '../../scenario/schema';
import { sampleKeys, type SampleLimits } from './sampler';
import { scenarioFromFamilies, summarizeFamilies, type FamilySummary } from './summarize';
import { formatCount } from '../../format/count';

export interface SampleOptions extends SampleLimits {
  url: string;
  password?: string;
  /** Sample a cluster node's own keys instead of stopping with advice. */
  thisNodeOnly: boolean;
  appUrl: string;
  connectTimeoutMs: number;
}

export interface FamilyComparison {
  pattern: string;
  estimatedKeys: number;
  memoryUsageBytes: number | null;
  modelBytes: number | null;
}

export interface SampleReport {
  server: string;
  line: string | null;
  dbsize: number;
  sampled: number;
  scanComplete: boolean;
  stoppedBy: string;
  commands: number;
  families: FamilySummary[];
  scenario: Scenario;
  shareUrl: string;
  comparison: FamilyComparison[];
  warnings: string[];
}

export class SampleError extends Error {}

/** Connects, refusing anything that is not a plain standalone or replica node we can read. */
export async function connectForSampling(options: SampleOptions): Promise<Valkey> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new SampleError(`"${options.url}" is not a URL: use redis://host:port or rediss://host:port`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new SampleError(`unsupported scheme ${url.protocol} (use redis:// or rediss://)`);
  const client = new Valkey({
    host: url.hostname,
    port: Number(url.port || 6379),
    username: decodeURIComponent(url.username) || undefined,
    password: options.password ?? (decodeURIComponent(url.password) || undefined),
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // The socket's own error (ECONNREFUSED, ...) arrives as an event; the rejection may only say "closed".
  let socketError = '';
  client.on('error', (e: Error) => {
    socketError ||= e.message;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    client.disconnect();
    const message = `${(e as Error).message} ${socketError}`;
    if (/ECONNREFUSED/.test(message))
      throw new SampleError(
        `cannot connect to ${url.hostname}:${url.port || 6379}: connection refused (is the server running and listening there?)`,
      );
    if (/WRONGPASS|invalid password|invalid username-password/i.test(message))
      throw new SampleError(
        'authentication failed: wrong password (set it in VALKEY_PASSWORD or REDISCLI_AUTH, or type it at the prompt)',
      );
    if (/NOAUTH|Authentication required/i.test(message))
      throw new SampleError(
        'the server requires a password: set VALKEY_PASSWORD (or REDISCLI_AUTH), or run in a terminal to be asked for it',
      );
    if (/ETIMEDOUT|timeout/i.test(message))
      throw new SampleError(`cannot connect to ${url.hostname}:${url.port || 6379}: timed out`);
    throw new SampleError(`cannot connect: ${message}`);
  }
  return client;
}

/** Samples a server and turns what it saw into a scenario, a share link and a comparison. */
export async function sampleServer(
  client: Valkey,
  options: SampleOptions,
  onProgress?: (sampled: number, commands: number) => void,
): Promise<SampleReport> {
  const warnings: string[] = [];
  const infoText = String(await client.info('everything'));
  const parsedInfo = parseInfo(infoText);
  if (!parsedInfo.ok) throw new SampleError(`INFO could not be read: ${parsedInfo.error}`);
  const analysis = analyzeInfo(parsedInfo.info);
  const clusterEnabled = /^cluster_enabled:1/m.test(infoText);
  if (clusterEnabled && !options.thisNodeOnly) {
    throw new SampleError(
      'this is a cluster node: it holds only its own slots. Run the sampler against each primary (CLUSTER SHARDS lists them) and add the scenarios, or pass --this-node-only to sample this node alone.',
    );
  }
  if (clusterEnabled) warnings.push("cluster node: the scenario covers this node's slots only");
  const role = parsedInfo.info.fields.role;
  if (role === 'slave' || role === 'replica')
    warnings.push("a replica: its keys are its primary's (sampling a replica spares the primary)");
  const dbsize = Number(await client.dbsize());
  // INFO and DBSIZE count against the budget too.
  const run = await sampleKeys(client, { ...options, maxCommands: options.maxCommands - 2 }, onProgress);
  const commands = run.commands + 2;
  if (run.stoppedBy !== 'complete')
    warnings.push(
      `sampled ${formatCount(run.samples.length)} of ${formatCount(dbsize)} keys (stopped by ${run.stoppedBy}): counts are estimates with 95 % intervals`,
    );
  const families = summarizeFamilies(run.samples, dbsize, run.scanComplete);
  const nonUtf8 = families.reduce((s, f) => s + f.nonUtf8Keys, 0);
  if (nonUtf8 > 0) warnings.push(`${nonUtf8} sampled keys are not UTF-8: their families show escaped bytes (\\xNN)`);
  const name = `${analysis.server.product} ${analysis.server.version ?? ''} sampled`.replace(/\s+/g, ' ').trim();
  const { scenario, leftOut, workloadNames } = scenarioFromFamilies(families, name, analysis.server.allocator);
  if (leftOut.length) warnings.push(`left out of the scenario: ${leftOut.join(', ')}`);
  const withCluster: Scenario = {
    ...scenario,
    ...(analysis.server.cluster && { deployment: { cluster: true } }),
    ...(analysis.server.line && analysis.server.line !== 'redis-7.0' && { baseline: analysis.server.line }),
  };
  const comparison: FamilyComparison[] = [];
  if (withCluster.workloads.length > 0) {
    const line = analysis.server.line;
    const estimate = line ? estimateVersion(resolveScenario(withCluster), line) : null;
    for (const [i, f] of families.entries()) {
      const w = estimate?.workloads.find((x) => x.name === workloadNames[i]);
      comparison.push({
        pattern: f.pattern,
        estimatedKeys: f.estimatedKeys,
        memoryUsageBytes: f.avgMemoryUsage === null ? null : f.avgMemoryUsage * f.estimatedKeys,
        modelBytes: w ? w.bytes : null,
      });
    }
  }
  if (!analysis.server.line)
    warnings.push(`no layout is modeled for ${analysis.server.product} ${analysis.server.version}: the model column is empty`);
  return {
    server: `${analysis.server.product} ${analysis.server.version ?? '?'}`,
    line: analysis.server.line,
    dbsize,
    sampled: run.samples.length,
    scanComplete: run.scanComplete,
    stoppedBy: run.stoppedBy,
    commands,
    families,
    scenario: withCluster,
    shareUrl: `${options.appUrl.replace(/#.*$/, '')}#${encodeLink({ scenario: withCluster, view: {} })}`,
    comparison,
    warnings,
  };
}
