import type { Allocator } from '../../data/vocabulary';

/** What a sampling run is asked to do, from the command line or a test. */
export interface SampleOptions {
  url: string;
  password?: string | undefined;
  /**
   * Keys to read in detail at most (--sample); null reads every key of a keyspace of up to
   * WHOLE_READ_KEYS keys (exact counts and histograms) and SAMPLED_KEYS of a larger one.
   */
  maxKeys: number | null;
  /** Server commands to send at most (SCAN, TYPE, MEMORY USAGE ... each count one). */
  maxCommands: number;
  /** The whole run's time budget, connections included. */
  timeoutMs: number;
  /** Sample a cluster node's own keys instead of the whole cluster. */
  thisNodeOnly: boolean;
  /** In a cluster, sample one replica of each shard instead of its primary. */
  replicas: boolean;
  /** Overrides the allocator build the server's statistics point to. */
  allocator?: Allocator | undefined;
  appUrl: string;
  connectTimeoutMs: number;
}

/** A keyspace of up to this many keys is read whole by default: its counts and histograms are exact. */
export const WHOLE_READ_KEYS = 1_000_000;
/** Keys read in detail by default from a larger keyspace: the smallest family of a tenth of it is then counted within about 2 %. */
export const SAMPLED_KEYS = 100_000;

/**
 * Keys one node reads in detail: what --sample gives it, or by default its whole keyspace when
 * its share of WHOLE_READ_KEYS holds it, else its share of SAMPLED_KEYS.
 */
export function keysToRead(maxKeys: number | null, dbsize: number, nodes: number): number {
  const share = (n: number) => Math.max(1, Math.floor(n / nodes));
  if (maxKeys !== null) return share(maxKeys);
  return dbsize <= share(WHOLE_READ_KEYS) ? dbsize : share(SAMPLED_KEYS);
}

/** The command line's defaults; a run names its server (url) and may set any of these. */
export const DEFAULT_SAMPLE_OPTIONS: Omit<SampleOptions, 'url' | 'password'> = {
  maxKeys: null,
  // A whole read of 1,000,000 keys takes up to 6,000,000 commands; the rest sizes the keys of a larger keyspace.
  maxCommands: 10_000_000,
  timeoutMs: 300_000,
  thisNodeOnly: false,
  replicas: false,
  appUrl: 'http://127.0.0.1:5173/',
  connectTimeoutMs: 5_000,
};
