import { formatCount } from '../../format/count';
import { formatLocale, numberFormat } from '../../format/locale';
import { formatBytes, formatBytesPerKey, formatPercent } from '../../format/quantities';
import { t, type MessageId, type MessageValues } from '../../i18n';
import type { InfoAssumption, InfoWarning } from '../../info/analyze';
import type { BuildAdvice, BuildReason } from '../../info/build';
import type { InfoRefusal } from '../../info/parse';
import type { ReconciliationWarning, ServerSplit } from '../../info/reconcile';
import type { ScenarioNote } from '../../info/serverScenario';

/** A ratio as the server prints it, to two decimals at most: "2.6" in English, "2,6" in German. */
const ratioText = (value: number) => numberFormat(formatLocale(), { maximumFractionDigits: 2 }).format(value);

/** Each reason a paste cannot be read at all, in the catalog (English: infoRefusalText). */
const REFUSALS: Record<InfoRefusal['code'], MessageId> = {
  empty: 'info.refusal.empty',
  noFields: 'info.refusal.noFields',
  tooLong: 'info.refusal.tooLong',
  sectionTwice: 'info.refusal.sectionTwice',
  dbTwice: 'info.refusal.dbTwice',
  tooManyKeys: 'info.refusal.tooManyKeys',
  moreTtlThanKeys: 'info.refusal.moreTtlThanKeys',
  keyspaceNotCount: 'info.refusal.keyspaceNotCount',
  tooManyKeysInTotal: 'info.refusal.tooManyKeysInTotal',
  keysAboveMemory: 'info.refusal.keysAboveMemory',
  fieldTooLarge: 'info.refusal.fieldTooLarge',
  partAboveUsedMemory: 'info.refusal.partAboveUsedMemory',
  partsAboveUsedMemory: 'info.refusal.partsAboveUsedMemory',
  fieldTwice: 'info.refusal.fieldTwice',
  fieldEmpty: 'info.refusal.fieldEmpty',
  fieldNotDecimal: 'info.refusal.fieldNotDecimal',
  nothingUsable: 'info.refusal.nothingUsable',
};

/**
 * Why a paste cannot be read at all, in the page's language. Counts go in as numbers: the message
 * writes them its language's way and chooses the form of the counted word ("1 ключ", "2 ключа").
 * A db is named by its number ("db3"), never grouped.
 */
export function infoRefusalMessage(refusal: InfoRefusal): string {
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(refusal))
    values[name] = name === 'db' ? String(value) : Array.isArray(value) ? value.join(', ') : value;
  return t(REFUSALS[refusal.code], values);
}

/** A warning of the INFO analysis in the page's language (English: infoWarningText). */
export function infoWarningMessage(warning: InfoWarning): string {
  switch (warning.code) {
    case 'usedNotAboveStartup':
      return t('info.warning.usedNotAboveStartup', {
        usedMemory: formatCount(warning.usedMemory),
        startup: formatCount(warning.startup),
      });
    case 'noVersionLine':
      return t('info.warning.noVersionLine');
    case 'namedRedis':
      return t('info.warning.namedRedis');
    case 'noLayout':
      return t('info.warning.noLayout', { product: warning.product, version: warning.version });
    case 'notJemalloc':
      return t('info.warning.notJemalloc', { allocator: warning.allocator });
    case 'systemJemalloc':
      return t('info.warning.systemJemalloc');
    case 'fragmentationHigh':
      return t('info.warning.fragmentationHigh', { ratio: ratioText(warning.ratio) });
    case 'replicas':
      return t('info.warning.replicas', { count: warning.count });
    case 'isReplica':
      return t('info.warning.isReplica');
    case 'evictionPolicy':
      return t('info.warning.evictionPolicy', { policy: warning.policy });
    case 'noKeys':
      return t('info.warning.noKeys');
    case 'largeCollections':
      return t('info.warning.largeCollections');
    case 'largeValues':
      return t('info.warning.largeValues', {
        perKey: formatBytesPerKey(warning.perKey),
        valueSize: formatBytes(warning.valueBytes),
      });
  }
}

/** An assumption of the INFO analysis in the page's language (English: infoAssumptionText). */
export function infoAssumptionMessage(assumption: InfoAssumption): string {
  switch (assumption.code) {
    case 'keyStrings':
      return t('info.assumption.keyStrings', { keyBytes: formatCount(assumption.keyBytes) });
    case 'keyNames':
      return t('info.assumption.keyNames', { keyBytes: formatCount(assumption.keyBytes) });
    case 'sameAllocator':
      return t('info.assumption.sameAllocator');
    case 'valuesInferred':
      return t('info.assumption.valuesInferred', {
        valueBytes: formatCount(assumption.valueBytes),
        perKey: formatBytesPerKey(assumption.perKey),
      });
    case 'valuesDefault':
      return t('info.assumption.valuesDefault', { valueBytes: formatCount(assumption.valueBytes) });
  }
}

/** How the allocator build was decided, in the page's language (English: buildReasonText). */
export function buildReasonMessage(reason: BuildReason): string {
  switch (reason.code) {
    case 'override':
      return t('info.build.override', { allocator: reason.allocator });
    case 'notJemalloc':
      return t('info.build.notJemalloc', { memAllocator: reason.memAllocator });
    case 'quantumBundled':
    case 'quantumSystem':
      return t(reason.code === 'quantumBundled' ? 'info.build.quantumBundled' : 'info.build.quantumSystem', {
        quantum: reason.quantum,
        version: reason.jemallocVersion ? t('info.build.jemallocVersion', { version: reason.jemallocVersion }) : '',
      });
    case 'versionBundled':
      return t('info.build.versionBundled', { version: reason.jemallocVersion });
    case 'versionSystem':
      return t('info.build.versionSystem', { version: reason.jemallocVersion });
    case 'releaseDiffers':
      return t('info.build.releaseDiffers', {
        reported: reason.reported,
        server: `${reason.product} ${reason.version ?? ''}`.trim(),
        shipped: reason.shipped,
      });
    case 'releaseMatches':
      return t('info.build.releaseMatches', {
        reported: reason.reported,
        server: `${reason.product} ${reason.version ?? ''}`.trim(),
      });
    case 'releaseUnknown':
      return t('info.build.releaseUnknown', { reported: reason.reported });
    case 'noMemAllocator':
      return t('info.build.noMemAllocator');
  }
}

/** What to paste to decide the build for sure (English: buildAdviceText). */
export function buildAdviceMessage(advice: BuildAdvice): string {
  return t(advice === 'pasteMallocStats' ? 'info.build.pasteMallocStats' : 'info.build.pasteMemoryAndMallocStats');
}

const ABOVE_LIMIT: Record<Extract<ScenarioNote, { code: 'aboveLimit' }>['field'], MessageId> = {
  processBaselineBytes: 'info.note.aboveLimit.processBaselineBytes',
  shards: 'info.note.aboveLimit.shards',
  replicas: 'info.note.aboveLimit.replicas',
};

/** What the scenario could not carry over from the server (English: scenarioNoteText). */
export function scenarioNoteMessage(note: ScenarioNote): string {
  if (note.code === 'aboveLimit') {
    const figure = (value: number) => (note.field === 'processBaselineBytes' ? formatBytes(value) : formatCount(value));
    return t(ABOVE_LIMIT[note.field], { value: figure(note.value), limit: figure(note.limit) });
  }
  const figures = {
    ratio: ratioText(note.ratio),
    min: ratioText(note.min),
    max: ratioText(note.max),
    kept: ratioText(note.kept),
  };
  return t(note.code === 'ratioBelowRange' ? 'info.note.ratioBelowRange' : 'info.note.ratioAboveRange', figures);
}

/** Why the model and the server disagree, in the page's language (English: reconciliationWarningText). */
export function reconciliationWarningMessage(warning: ReconciliationWarning): string {
  if (warning.code === 'nothingLeft') return t('info.reconcile.nothingLeft', { source: warning.source });
  const causes =
    warning.code === 'modelShort'
      ? [
          ...(warning.otherDatabases
            ? [t('info.reconcile.otherDatabases', { databases: warning.otherDatabases.join(', ') })]
            : []),
          t(warning.searchedBigKeys ? 'info.reconcile.bigKeysSearched' : 'info.reconcile.bigKeysMissed'),
          warning.leftOut
            ? t('info.reconcile.typesLeftOut', { types: warning.leftOut.join(', ') })
            : t('info.reconcile.typesUncovered'),
          t('info.reconcile.buffers'),
        ]
      : [t('info.reconcile.sampledLarger'), t('info.reconcile.valuesLonger')];
  const share =
    warning.code === 'modelShort'
      ? t('info.reconcile.modelShort', { percent: formatPercent(warning.explainedPercent) })
      : t('info.reconcile.modelOver', { percent: formatPercent(warning.overPercent) });
  const fragmentation =
    warning.fragmentationRatio !== null
      ? t('info.reconcile.fragmentation', { ratio: ratioText(warning.fragmentationRatio) })
      : '';
  return t('info.reconcile.likely', { share, causes: causes.join(t('info.listSeparator')), fragmentation });
}

/** The server's own split of used_memory (English: serverSplitText). */
export function serverSplitMessage(split: ServerSplit, bytes: (n: number) => string): string {
  return t('info.reconcile.serverSplit', {
    source: split.source,
    dataset: bytes(split.datasetBytes),
    overhead: bytes(split.overheadBytes),
    keyTables: bytes(split.keyTableBytes),
  });
}
