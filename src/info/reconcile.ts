import { formatCount } from '../format/count';
import { nonKeyBytes, type ServerMemory } from './memory';

/** Each row of the reconciliation, by a code the page words in its language (ReconciliationTable). */
export type ReconciliationPart =
  | 'usedMemory'
  | 'startup'
  | 'clients'
  | 'replicationBacklog'
  | 'aofBuffer'
  | 'scripts'
  | 'clusterLinks'
  | 'leftForKeys'
  | 'model'
  | 'unexplained';

/** The rows in English, as the command line prints them and its JSON carries them. */
const PART_LABELS: Record<ReconciliationPart, string> = {
  usedMemory: 'used_memory',
  startup: 'startup (empty process)',
  clients: 'client buffers',
  replicationBacklog: 'replication backlog',
  aofBuffer: 'AOF buffer',
  scripts: 'scripts and functions',
  clusterLinks: 'cluster links',
  leftForKeys: 'left for the keys',
  model: 'model of the keys',
  unexplained: 'unexplained',
};

export interface ReconciliationRow {
  part: ReconciliationPart;
  label: string;
  bytes: number;
}

/**
 * Why the model and the server disagree, as a code and its figures, so the page can say it in the
 * reader's language (src/ui/serverInfo/infoMessages.ts) and the command line in English (reconciliationWarningText).
 */
export type ReconciliationWarning =
  | { code: 'nothingLeft'; source: ServerMemory['source'] }
  | {
      code: 'modelShort';
      /** Of the memory left for the keys, the share the model explains. */
      explainedPercent: number;
      searchedBigKeys: boolean;
      /** The families left out of the model, or null when none were named. */
      leftOut: readonly string[] | null;
      /** Other databases of the server that hold keys the sample did not cover ("db0: 1,234 keys"), or null. */
      otherDatabases: readonly string[] | null;
      fragmentationRatio: number | null;
    }
  | { code: 'modelOver'; overPercent: number; fragmentationRatio: number | null };

/** The server's own split of used_memory (English: serverSplitText). */
export interface ServerSplit {
  source: ServerMemory['source'];
  datasetBytes: number;
  overheadBytes: number;
  /** What of the server's overhead is the key tables, which the model counts with the keys. */
  keyTableBytes: number;
}

/** The reconciliation as the page takes it: the warning and the server's split as codes. */
export interface ReconciliationFindings extends Omit<Reconciliation, 'rows' | 'warning' | 'serverSplit'> {
  rows: Omit<ReconciliationRow, 'label'>[];
  warning: ReconciliationWarning | null;
  serverSplit: ServerSplit | null;
}

/** The reconciliation in English, as the command line prints it and its JSON carries it. */
export interface Reconciliation {
  /** used_memory, then each part the server breaks out, then what is left for the keys. */
  rows: ReconciliationRow[];
  /** used_memory minus startup. */
  aboveStartupBytes: number;
  /** used_memory minus startup, clients, backlog, AOF buffer, scripts and cluster links. */
  keysBytes: number;
  modelBytes: number;
  /** keysBytes minus modelBytes: positive when the server holds more than the model explains. */
  unexplainedBytes: number;
  /** Of keysBytes; null when the keys take nothing. */
  unexplainedPercent: number | null;
  /** Set when the remainder is over 10 %: a plain sentence naming the likely causes. */
  warning: string | null;
  /**
   * The server's own split, for reference: its dataset leaves out the key tables (it counts them
   * as overhead), which the model and "left for the keys" include.
   */
  serverSplit: string | null;
}

/** Beyond this share the model and the server disagree enough that the user must hear why. */
export const UNEXPLAINED_WARNING_PERCENT = 10;

export interface ReconcileContext {
  /** Families or keys the model left out (types it does not cover), named in the warning. */
  leftOut?: readonly string[];
  /** Whether a pass looked for large keys; without one, missed big keys are the first suspect. */
  searchedBigKeys?: boolean;
  /** Databases besides the one sampled that hold keys: used_memory includes them, the model does not. */
  otherDatabases?: readonly string[];
}

/** Compares the model's figure for the keys with what the server's own counters leave for them. */
export function reconcileFindings(
  memory: ServerMemory,
  modelBytes: number,
  context: ReconcileContext = {},
): ReconciliationFindings {
  const aboveStartupBytes = memory.usedMemory - memory.startup;
  const keysBytes = memory.usedMemory - nonKeyBytes(memory);
  const unexplainedBytes = keysBytes - modelBytes;
  const unexplainedPercent = keysBytes > 0 ? (unexplainedBytes / keysBytes) * 100 : null;
  const row = (part: ReconciliationPart, bytes: number) => ({ part, bytes });
  const rows = [
    row('usedMemory', memory.usedMemory),
    row('startup', -memory.startup || 0),
    row('clients', -memory.clients || 0),
    row('replicationBacklog', -memory.replicationBacklog || 0),
    row('aofBuffer', -memory.aofBuffer || 0),
    row('scripts', -memory.scripts || 0),
    row('clusterLinks', -memory.clusterLinks || 0),
    row('leftForKeys', keysBytes),
    row('model', modelBytes),
    row('unexplained', unexplainedBytes),
  ];
  let warning: ReconciliationWarning | null = null;
  const fragmentationRatio = memory.fragmentationRatio;
  if (keysBytes <= 0) warning = { code: 'nothingLeft', source: memory.source };
  else if (Math.abs(unexplainedPercent!) > UNEXPLAINED_WARNING_PERCENT)
    warning =
      unexplainedBytes > 0
        ? {
            code: 'modelShort',
            explainedPercent: 100 - unexplainedPercent!,
            searchedBigKeys: context.searchedBigKeys ?? false,
            leftOut: context.leftOut?.length ? context.leftOut : null,
            otherDatabases: context.otherDatabases?.length ? context.otherDatabases : null,
            fragmentationRatio,
          }
        : { code: 'modelOver', overPercent: -unexplainedPercent!, fragmentationRatio };
  const serverSplit =
    memory.reportedDataset !== null && memory.reportedOverhead !== null
      ? {
          source: memory.source,
          datasetBytes: memory.reportedDataset,
          overheadBytes: memory.reportedOverhead,
          keyTableBytes: Math.max(0, memory.reportedOverhead - nonKeyBytes(memory)),
        }
      : null;
  return { rows, aboveStartupBytes, keysBytes, modelBytes, unexplainedBytes, unexplainedPercent, warning, serverSplit };
}

export function reconciliationWarningText(warning: ReconciliationWarning): string {
  if (warning.code === 'nothingLeft')
    return `used_memory is not above what the server reports besides keys (${warning.source}): nothing is left to compare the model with.`;
  const causes =
    warning.code === 'modelShort'
      ? [
          ...(warning.otherDatabases
            ? [`keys of other databases, which used_memory includes (${warning.otherDatabases.join(', ')})`]
            : []),
          warning.searchedBigKeys
            ? 'large keys outside what the size pass covered'
            : 'large keys a sample of ordinary keys misses (the sampler looks for them; INFO alone cannot)',
          warning.leftOut
            ? `types the model does not cover (${warning.leftOut.join(', ')})`
            : 'key types the model does not cover (streams, module types)',
          'buffers the server does not break out (query buffers of busy clients, replica output buffers)',
        ]
      : [
          'sampled keys larger than the rest, scaled up to the whole keyspace',
          'values assumed longer than they are (INFO alone does not tell them)',
        ];
  const fragmentation =
    warning.fragmentationRatio !== null
      ? ` Fragmentation is not part of it: it sits between used_memory and RSS (ratio ${warning.fragmentationRatio.toFixed(2)} here), and the scenario carries it separately.`
      : '';
  const share =
    warning.code === 'modelShort'
      ? `The model explains only ${warning.explainedPercent.toFixed(1)} % of the memory left for the keys.`
      : `The model exceeds the memory left for the keys by ${warning.overPercent.toFixed(1)} %.`;
  return `${share} Likely: ${causes.join('; ')}.${fragmentation}`;
}

export function serverSplitText(split: ServerSplit): string {
  return `${split.source} splits used_memory into ${formatCount(split.datasetBytes, 'en')} bytes of dataset and ${formatCount(split.overheadBytes, 'en')} of overhead; its overhead holds the key tables (${formatCount(split.keyTableBytes, 'en')} bytes here), which the model counts with the keys.`;
}

export function reconciliationInEnglish({ rows, warning, serverSplit, ...figures }: ReconciliationFindings): Reconciliation {
  return {
    rows: rows.map(({ part, bytes }) => ({ part, label: PART_LABELS[part], bytes })),
    ...figures,
    warning: warning && reconciliationWarningText(warning),
    serverSplit: serverSplit && serverSplitText(serverSplit),
  };
}

/** The reconciliation in English. */
export function reconcile(memory: ServerMemory, modelBytes: number, context: ReconcileContext = {}): Reconciliation {
  return reconciliationInEnglish(reconcileFindings(memory, modelBytes, context));
}
