import { formatBytes } from '../format/quantities';
import { ACTIVE_DEFRAG_DEFAULTS, type LineRss } from '../model/churn';

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The thresholds a pass waits for, as the model takes them (the servers' defaults). */
const ACTIVE_DEFRAG_TEXT = `${ACTIVE_DEFRAG_DEFAULTS.lowerPercent} % of used_memory or ${formatBytes(ACTIVE_DEFRAG_DEFAULTS.ignoreBytes)}, the larger, per node`;

/** The modelled RSS of each line for the scenario's churn, as the CLI's JSON gives it (bytes as integers). */
export function toCliRss(lines: readonly LineRss[]) {
  return lines.map((l) => ({
    version: l.line,
    /** null when modelled; "allocator" (glibc malloc) or "collections" (a workload that is not strings) when not. */
    notModelled: l.notModelled,
    usedMemoryPerNodeBytes: Math.round(l.usedMemoryPerNodeBytes),
    rssPerNodeBytes: Math.round(l.rssPerNodeBytes),
    impliedFragmentationRatio: round3(l.impliedRatio),
    freshRssPerNodeBytes: Math.round(l.freshRssPerNodeBytes),
    /** The size classes that leave the most empty space in the slabs they keep. */
    emptiestClasses: l.emptiestClasses.map((c) => ({
      classBytes: c.classBytes,
      emptyBytesPerNode: Math.round(c.emptyBytesPerNode),
      occupancy: round3(c.occupancy),
    })),
    ratioUsed: round3(l.ratioUsed),
    ratioSource: l.ratioSource,
    nodes: l.deployment.nodes,
    nodesWhenFresh: l.nodesWhenFresh,
    activedefragAvailable: l.activedefragAvailable,
    nodesWithLoadedSizes: l.nodesWithLoadedSizes,
    /** "on": the RSS above is what activedefrag leaves; "unavailable": asked for, but the build refuses it; "off": not asked for. */
    activedefrag: l.activedefrag,
    rssWithoutDefragPerNodeBytes: Math.round(l.rssWithoutDefragPerNodeBytes),
  }));
}
export type CliRss = ReturnType<typeof toCliRss>;

const DEFRAG_UNAVAILABLE =
  '    activedefrag: set in the scenario, but this build refuses it (it needs the jemalloc bundled with the server): the plan does not count on it';

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

/** The same as text: a row per line, then why, then what would free nodes. */
export function formatRssTable(rss: CliRss): string {
  const out = ['\nRSS under churn (jemalloc slabs per size class; see README "RSS under churn")'];
  for (const l of rss) {
    if (l.notModelled) {
      out.push(
        `  ${l.version}: not modelled (${l.notModelled === 'allocator' ? 'glibc malloc has no slab model' : 'churn is modelled for string workloads only'}); the plan uses ratio ${l.ratioUsed}`,
      );
      if (l.activedefrag === 'unavailable') out.push(DEFRAG_UNAVAILABLE);
      continue;
    }
    out.push(
      `  ${l.version}: RSS ${formatBytes(l.rssPerNodeBytes)} per node for used_memory ${formatBytes(l.usedMemoryPerNodeBytes)}: ` +
        `fragmentation ${l.impliedFragmentationRatio.toFixed(2)} (laid out afresh: ${formatBytes(l.freshRssPerNodeBytes)}); ` +
        `the plan uses ${l.ratioSource === 'typed' ? `your typed ratio ${l.ratioUsed}` : `the modelled ratio ${l.ratioUsed.toFixed(2)}`}, ${l.nodes} node(s)`,
    );
    if (l.emptiestClasses.length > 0)
      out.push(
        // With activedefrag the classes' empty space is what a pass starts from, not what the plan holds.
        (l.activedefrag === 'on' ? '    why, without activedefrag: ' : '    why: ') +
          l.emptiestClasses
            .map(
              (c) =>
                `${c.classBytes}-byte class leaves ${formatBytes(c.emptyBytesPerNode)} empty per node (slabs ${pct(c.occupancy)} full)`,
            )
            .join('; '),
      );
    if (l.activedefrag === 'on')
      out.push(
        `    activedefrag: on; it keeps the empty space of the slabs to its thresholds (${ACTIVE_DEFRAG_TEXT}): RSS ${formatBytes(l.rssPerNodeBytes)} per node instead of ${formatBytes(l.rssWithoutDefragPerNodeBytes)}`,
      );
    if (l.activedefrag === 'unavailable') out.push(DEFRAG_UNAVAILABLE);
    if (l.nodesWhenFresh < l.nodes && l.activedefrag !== 'on')
      out.push(
        `    advice: ${l.activedefragAvailable ? 'activedefrag yes (or a restart)' : 'a restart or a full resync (this build has no activedefrag)'} would need ${l.nodesWhenFresh} node(s) instead of ${l.nodes}`,
      );
    if (l.nodesWithLoadedSizes !== null && l.nodesWithLoadedSizes < l.nodes)
      out.push(
        `    advice: new keys with the loaded value sizes would need ${l.nodesWithLoadedSizes} node(s) instead of ${l.nodes}`,
      );
  }
  return out.join('\n') + '\n';
}
