import type { Allocator } from '../data/vocabulary';
import { LINES, type LineId } from '../model';
import type { Deployment, Scenario, Workload } from '../scenario/schema';
import { DEFAULT_DEPLOYMENT } from '../scenario/resolve';
import { LIMITS } from '../scenario/limits';
import { formatCount } from '../format/count';
import { nonKeyBytes, type ServerMemory } from './memory';

export interface ServerScenarioInput {
  name: string;
  workloads: Workload[];
  allocator: Allocator;
  line: LineId | null;
  cluster: boolean;
  shards: number;
  replicas: number;
  /** The whole server's, or the sum of a cluster's sampled nodes (divided by the shards here). */
  memory: ServerMemory | null;
}

/**
 * What the scenario could not carry over from the server, as a code and its figures, so the page
 * can say it in the reader's language (src/ui/serverInfo/infoMessages.ts) and the command line in English
 * (scenarioNoteText). Below the range part of the process is swapped out; above it, the server is
 * nearly empty. A figure above what a plan takes is kept at the plan's limit, said here.
 */
export type ScenarioNote =
  | {
      code: 'ratioBelowRange' | 'ratioAboveRange';
      ratio: number;
      min: number;
      max: number;
      /** The ratio the scenario keeps instead: the plan's default. */
      kept: number;
    }
  | { code: 'aboveLimit'; field: 'processBaselineBytes' | 'shards' | 'replicas'; value: number; limit: number };

const LIMIT_WORDS: Record<Extract<ScenarioNote, { code: 'aboveLimit' }>['field'], string> = {
  processBaselineBytes: 'the memory beside the keys',
  shards: 'the shards',
  replicas: 'the replicas',
};

export function scenarioNoteText(note: ScenarioNote): string {
  if (note.code === 'aboveLimit') {
    const unit = note.field === 'processBaselineBytes' ? ' bytes' : '';
    const verb = note.field === 'processBaselineBytes' ? 'is' : 'are';
    return `${LIMIT_WORDS[note.field]} (${formatCount(note.value, 'en')}${unit}) ${verb} more than a plan takes: the scenario keeps ${formatCount(note.limit, 'en')}${unit}`;
  }
  const cause = note.code === 'ratioBelowRange' ? 'part of the process is swapped out' : 'typical of a nearly empty server';
  return `the observed fragmentation ratio ${note.ratio} is outside ${note.min}-${note.max} (${cause}): the scenario keeps the default ${note.kept}`;
}

/** The range a plan accepts (see deploymentSchema); a server outside it is reported, not forced into it. */
const RATIO_RANGE = [1, 5] as const;

/**
 * A server as a scenario: its workloads, its allocator build, its deployment with the observed
 * fragmentation ratio and the memory it holds beside the keys as the process baseline. The INFO
 * panel and the sampler both build theirs here. Notes say what could not be carried over.
 */
export function serverScenario(input: ServerScenarioInput): { scenario: Scenario; notes: ScenarioNote[] } {
  const notes: ScenarioNote[] = [];
  /** The figure, or the plan's limit with a note saying so: a scenario the schema rejects would be lost. */
  const withinLimit = (field: 'processBaselineBytes' | 'shards' | 'replicas', value: number, limit: number) => {
    if (value <= limit) return value;
    notes.push({ code: 'aboveLimit', field, value, limit });
    return limit;
  };
  const deployment: Deployment = { cluster: input.cluster };
  if (input.shards > 1) deployment.shards = withinLimit('shards', input.shards, LIMITS.shards);
  if (input.replicas > 0) deployment.replicas = withinLimit('replicas', input.replicas, LIMITS.replicasPerShard);
  const m = input.memory;
  if (m) {
    deployment.processBaselineBytes = withinLimit(
      'processBaselineBytes',
      Math.round(nonKeyBytes(m) / Math.max(1, input.shards)),
      LIMITS.processBaselineBytes,
    );
    const ratio = m.fragmentationRatio;
    if (ratio !== null) {
      const rounded = Math.round(ratio * 100) / 100;
      if (rounded >= RATIO_RANGE[0] && rounded <= RATIO_RANGE[1]) deployment.fragmentationRatio = rounded;
      else
        notes.push({
          code: rounded < RATIO_RANGE[0] ? 'ratioBelowRange' : 'ratioAboveRange',
          ratio: rounded,
          min: RATIO_RANGE[0],
          max: RATIO_RANGE[1],
          kept: DEFAULT_DEPLOYMENT.fragmentationRatio,
        });
    }
  }
  // The server's own line is the baseline, compared beside the default lines where it is not one of them.
  const compared: readonly LineId[] = LINES.defaults.versions;
  const own = input.line;
  return {
    scenario: {
      schema: 1,
      name: input.name.slice(0, 80),
      workloads: input.workloads,
      allocator: input.allocator,
      ...(own && !compared.includes(own) && { versions: [own, ...compared] }),
      baseline: own ?? LINES.defaults.baseline,
      deployment,
    },
    notes,
  };
}
