/**
 * What a file says of its writer's cluster mode. Redis 7.4+ writes a slot-info record for each
 * slot with keys when it runs as a cluster node (measured: Redis 8.0.6); Valkey (8.0.1, 8.1.1 and
 * 9.1.2 measured) and Redis before 7.4 write no mark, so their files cannot tell.
 */
export type ClusterMark = 'cluster-node' | 'not-a-cluster-node' | 'unmarked';

/** Redis from 7.4 marks a cluster node's file. */
function marksClusterFiles(writer: Writer | null): boolean {
  if (writer?.server !== 'redis') return false;
  const [major = 0, minor = 0] = writer.version.split('.').map(Number);
  return major > 7 || (major === 7 && minor >= 4);
}

/** The server and version the file names (analyze.ts: FileWriter). */
interface Writer {
  server: string;
  version: string;
}

export function clusterMarkOf(writer: Writer | null, slotInfoRecords: number, keys: number): ClusterMark {
  if (slotInfoRecords > 0) return 'cluster-node';
  return keys > 0 && marksClusterFiles(writer) ? 'not-a-cluster-node' : 'unmarked';
}
