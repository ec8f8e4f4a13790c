import type { Allocator } from '../../data/vocabulary';
import type { SampleLimits } from './sampler';

/** What a sampling run is asked to do, from the command line or a test. */
export interface SampleOptions extends SampleLimits {
  url: string;
  password?: string | undefined;
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

/** The command line's defaults; a run names its server (url) and may set any of these. */
export const DEFAULT_SAMPLE_OPTIONS: Omit<SampleOptions, 'url' | 'password'> = {
  maxKeys: 10_000,
  maxCommands: 1_000_000,
  timeoutMs: 60_000,
  thisNodeOnly: false,
  replicas: false,
  appUrl: 'http://127.0.0.1:5173/',
  connectTimeoutMs: 5_000,
};
