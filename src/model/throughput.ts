import { throughputReference } from '../data/throughputReference';

export interface IoThreadsAdvice {
  cores: number;
  /** The guidance's recommendation, when it names this core count. */
  ioThreads: number[] | null;
  /** The closest core count the guidance does name, when it does not name this one. */
  nearestRule: { cores: number; ioThreads: number[] } | null;
}

/** valkey.conf's io-threads guidance (4 cores: 2 or 3; 8 cores: 6) for a core count. */
export function ioThreadsAdvice(cores: number): IoThreadsAdvice {
  const rules = throughputReference.ioThreadsGuidance.rules;
  const exact = rules.find((r) => r.cores === cores);
  if (exact) return { cores, ioThreads: exact.ioThreads, nearestRule: null };
  const nearest = [...rules].sort((a, b) => Math.abs(a.cores - cores) - Math.abs(b.cores - cores))[0] ?? null;
  return { cores, ioThreads: null, nearestRule: nearest };
}
