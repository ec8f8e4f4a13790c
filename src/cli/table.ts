import { formatBytes, formatShare, formatSignedPercent } from '../format/quantities';
import type { CliResult } from './estimateResult';
import { fixedDecimals, formatCount } from '../format/count';

function pad(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c <= 1 || c === 7 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A readable table for people: one row per version and workload. */
export function formatTable(result: CliResult & { fragmentationModelled?: boolean }): string {
  // Keys in more than one encoding (sizes that vary across a threshold): a column of their shares.
  const mixed = result.versions.some((v) => v.workloads.some((w) => w.encodings.length > 1));
  const header = [
    'version',
    'workload',
    'keys',
    'B/key',
    'measured',
    'bytes',
    'vs ' + result.baseline,
    ...(mixed ? ['encodings'] : []),
  ];
  const rows: string[][] = [header];
  for (const v of result.versions) {
    for (const w of v.workloads) {
      rows.push([
        v.version,
        'note' in w ? `${w.name} *` : w.name,
        formatCount(w.keys),
        fixedDecimals(w.bytesPerKey, 2),
        w.measured ? fixedDecimals(w.measured.bytesPerKey, 2) : '-',
        formatBytes(w.bytes),
        '',
        ...(mixed ? [w.encodings.map((e) => `${e.encoding} ${formatShare(e.share, 'en')}`).join(', ')] : []),
      ]);
    }
    const pct = v.changeVsBaseline?.percent;
    rows.push([
      v.version,
      'dataset',
      '',
      fixedDecimals(v.bytesPerKey, 2),
      '',
      formatBytes(v.datasetBytes),
      pct === null || pct === undefined ? '-' : formatSignedPercent(pct, 'en'),
      ...(mixed ? [''] : []),
    ]);
  }
  const plan: string[][] = [
    ['version', 'instance', 'shards', 'nodes', 'used_memory/node', 'RSS/node', 'required/node', 'instance RAM'],
  ];
  for (const v of result.versions) {
    const d = v.deployment;
    plan.push([
      v.version,
      d.instanceType,
      formatCount(d.shards),
      formatCount(d.nodes),
      formatBytes(d.usedMemoryPerNodeBytes),
      formatBytes(d.rssPerNodeBytes),
      formatBytes(d.requiredPerNodeBytes) + (d.fits ? '' : ' (does not fit)'),
      formatBytes(d.instanceBytes),
    ]);
  }
  const notes = [
    `allocator: ${result.allocator ?? result.versions.map((v) => `${v.version} ${v.allocator}`).join(', ')}${result.cluster ? ', cluster mode' : ''}; bytes are used_memory added to an empty server.`,
  ];
  if (result.clusterModeNeeded)
    notes.push(
      'cluster mode needed: the plan has more than one shard, which is cluster mode; set deployment.cluster to true for its per-key costs.',
    );
  if (result.versions.some((v) => v.workloads.some((w) => w.measured))) {
    notes.push('measured: Percona 2026-09-29; the model sits about 1.2 B/key under it (a fixed cost of that run, not per key).');
  }
  const { fragmentationRatio, headroomPercent, reservedPercent, replicas } = result.deploymentAssumptions;
  notes.push(
    `deployment: ${replicas} replica(s) per shard, fragmentation ratio ${result.fragmentationModelled ? 'modelled per line from the churn (RSS under churn, below)' : fragmentationRatio}, copy-on-write headroom ${headroomPercent} %, provider reserve ${reservedPercent} %; required = used_memory x ratio x (1 + the larger of headroom and reserve / (1 - reserve)).`,
  );
  if (result.providerRule) {
    const { provider, setting, source } = result.providerRule;
    notes.push(`reserve and headroom: ${provider}, ${setting} (${source.title}, ${source.url}, read ${source.retrieved}).`);
  }
  if (result.versions.some((v) => v.workloads.some((w) => 'note' in w))) {
    notes.push(
      '*: hash field TTLs are not counted on this line (none before 9.0; Redis 8 keeps them in structures the model does not price); those hashes are counted without them.',
    );
  }
  return `${pad(rows)}\n\ndeployment plan\n${pad(plan)}\n\n${notes.join('\n')}\n`;
}
