import type { ResolvedScenario } from '../../model';

/**
 * When each caveat of data/caveats.json applies, by id. A caveat not listed applies to every
 * scenario: "builds-differ" (any server may run another build), "benchmark-flags" (any
 * deployment), "check-your-server" (any comparison with a running server), "disk-caches" (not
 * shown beside a figure).
 */
const APPLIES_WHEN: Record<string, (s: ResolvedScenario) => boolean> = {
  // The 64.02 B was measured on 16-byte string values: it says nothing about hashes or sets.
  'lab-profile': (s) => s.workloads.some((w) => w.type === 'string'),
  // About the change after an upgrade: only when two lines are compared.
  'no-shrink-on-upgrade': (s) => s.versions.length > 1 && s.baseline !== s.target,
};

export function caveatApplies(id: string, scenario: ResolvedScenario): boolean {
  return APPLIES_WHEN[id]?.(scenario) ?? true;
}
