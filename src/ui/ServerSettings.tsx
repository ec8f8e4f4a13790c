import { useId } from 'react';
import { ALLOCATORS, type Allocator } from '../data/vocabulary';
import { ALLOCATOR_LABELS } from '../model';
import { LINES } from '../model/lineRegistry';
import type { EncodingThresholds } from '../model/encodingThresholds';
import { usePlannerStore, useResolvedScenario } from '../state/store';
import { ParsedField } from './ParsedField';
import { parseSignedCount } from '../scenario/humanInput';

const ALLOCATOR_ADVICE: Record<Allocator, string> = {
  'jemalloc-bundled':
    "Official Valkey builds, container images from the project and builds from source bundle jemalloc with an 8-byte quantum (24-, 40- and 56-byte classes). Percona's figures were measured this way.",
  'jemalloc-system':
    'Debian and Ubuntu packages (redis-server, valkey-server) link the system jemalloc with a 16-byte quantum: small allocations round up to 16, 32, 48 or 64 bytes, so the same short keys cost up to a quarter more. INFO memory shows mem_allocator:jemalloc-5.3.0 either way: how the server was installed tells which.',
  libc: "Builds made with MALLOC=libc use glibc malloc: 16-byte chunks with an 8-byte header. Modeled from glibc's chunk rules; not checked against a live server.",
};

/** The default: each line as most installations run it, named from the registry. */
const USUAL_BUILDS_ADVICE = `Each line as most installations run it: ${ALLOCATORS.map((a) => {
  const lines = LINES.entries.filter((e) => e.release.usualAllocator === a).map((e) => e.fullName);
  return lines.length ? `${lines.join(', ')}: ${ALLOCATOR_LABELS[a]}` : null;
})
  .filter(Boolean)
  .join('; ')}.`;

const THRESHOLD_LABELS: Array<[keyof EncodingThresholds, string, number, number]> = [
  ['hashMaxListpackEntries', 'hash-max-listpack-entries', 0, 1_000_000],
  ['hashMaxListpackValue', 'hash-max-listpack-value', 0, 1_000_000],
  ['setMaxIntsetEntries', 'set-max-intset-entries', 0, 1_000_000],
  ['setMaxListpackEntries', 'set-max-listpack-entries', 0, 1_000_000],
  ['setMaxListpackValue', 'set-max-listpack-value', 0, 1_000_000],
  ['zsetMaxListpackEntries', 'zset-max-listpack-entries', 0, 1_000_000],
  ['zsetMaxListpackValue', 'zset-max-listpack-value', 0, 1_000_000],
  ['listMaxListpackSize', 'list-max-listpack-size', -5, 1_000_000],
];

/** The build and mode of the server: allocator, cluster mode, and the encoding thresholds. */
export function ServerSettings() {
  const { allocator, cluster, thresholds } = useResolvedScenario();
  const chooseAllocator = usePlannerStore((s) => s.allocatorChosen);
  const toggleCluster = usePlannerStore((s) => s.clusterToggled);
  const editConfig = usePlannerStore((s) => s.encodingConfigEdited);
  const allocatorId = useId();
  return (
    <fieldset className="server-settings">
      <legend>Server build</legend>
      <div className="field">
        <label htmlFor={allocatorId}>Allocator</label>
        <select
          id={allocatorId}
          value={allocator ?? ''}
          onChange={(e) => chooseAllocator((e.target.value || undefined) as Allocator | undefined)}
        >
          <option value="">Each line's usual build</option>
          {ALLOCATORS.map((a) => (
            <option key={a} value={a}>
              {ALLOCATOR_LABELS[a]}
            </option>
          ))}
        </select>
        <span className="field-note">{allocator ? ALLOCATOR_ADVICE[allocator] : USUAL_BUILDS_ADVICE}</span>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={cluster} onChange={(e) => toggleCluster(e.target.checked)} /> Cluster mode (7.2: +16 B per
        key for slot links; 8.0+: one table per slot)
      </label>
      <details>
        <summary>Encoding thresholds</summary>
        {THRESHOLD_LABELS.map(([key, label, min, max]) => (
          <ParsedField
            key={key}
            label={label}
            value={thresholds[key]}
            parse={(t) => {
              const parsed = parseSignedCount(t, label, min, max);
              if (parsed.ok && key === 'listMaxListpackSize' && parsed.value === 0)
                return { ok: false, error: `${label} is -1 to -5 or a positive count` };
              return parsed;
            }}
            onValid={(value) => editConfig({ [key]: value })}
          />
        ))}
      </details>
    </fieldset>
  );
}
