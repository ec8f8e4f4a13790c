import { throughputReference } from '../../data/throughputReference';
import { ioThreadsAdvice } from '../../model';
import { parseCount } from '../../scenario/humanInput';
import { LIMITS } from '../../scenario/limits';
import { DEFAULT_VIEW } from '../../scenario/viewOptions';
import { usePlannerStore } from '../../state/store';
import { formatCount } from '../../format/count';
import { ParsedField } from '../common/ParsedField';
import { t, type MessageId } from '../../i18n';
import { dataText } from '../common/dataText';

/**
 * Each reference point's setup, operation and note in the catalog, by the point's id in
 * data/throughput-reference.json (test/i18n/dataMessages.test.ts checks every point has them).
 * An operation that is only command names (GET, GET/SET) reads the same in every language.
 */
export const POINT_TEXTS: Record<string, { setup: MessageId; operation?: MessageId; note?: MessageId }> = {
  'r7g.4xlarge-managed-get': {
    setup: 'throughput.data.managedRedis71Valkey72',
    note: 'throughput.data.betterThanRedis62',
  },
  'r7g.xlarge-managed': {
    setup: 'throughput.data.managedAgainstSelfManaged',
    operation: 'throughput.data.getSetValues',
    note: 'throughput.data.managedClose',
  },
  'r7g.2xlarge-managed-valkey': {
    setup: 'throughput.data.managedValkey72',
    note: 'throughput.data.comparedWithIoThreads8',
  },
  'r7g.2xlarge-managed-redis': { setup: 'throughput.data.managedRedis71' },
  'r7g.2xlarge-selfmanaged-valkey8-get': {
    setup: 'throughput.data.selfManagedValkey80',
    note: 'throughput.data.valkey8Get',
  },
  'r7g.2xlarge-selfmanaged-valkey8-set': {
    setup: 'throughput.data.selfManagedValkey80',
    note: 'throughput.data.valkey8Set',
  },
  'r7g.2xlarge-selfmanaged-redis72-get': { setup: 'throughput.data.selfManagedRedis72' },
  'r7g.2xlarge-selfmanaged-redis72-set': { setup: 'throughput.data.selfManagedRedis72' },
};

/** The source's description and its method, as the data file writes them, in the catalog. */
export const SOURCE_TEXTS = {
  title: 'throughput.data.sourceTitle',
  publisher: 'throughput.data.publisher',
  method: 'throughput.data.method',
} as const satisfies Record<string, MessageId>;

/** "2 or 3": the io-threads valkey.conf allows for a core count. */
function threadChoices(threads: readonly number[]): string {
  return threads.join(` ${t('throughput.or')} `);
}

/** io-threads for a core count, and the published QPS reference points with their source. */
export function ThroughputPanel() {
  const cores = usePlannerStore((s) => s.view.cores ?? DEFAULT_VIEW.cores);
  const choose = usePlannerStore((s) => s.coresChosen);
  const advice = ioThreadsAdvice(cores);
  const source = throughputReference.source;
  return (
    <section className="throughput" aria-label={t('throughput.title')}>
      <h2>{t('throughput.title')}</h2>
      <ParsedField
        label={t('throughput.cores')}
        value={cores}
        parse={(text) => parseCount(text, t('throughput.cores'), 1, LIMITS.cores)}
        onValid={choose}
        outsideResults
      />
      <p role="status">
        {advice.ioThreads
          ? t('throughput.suggests', { threads: threadChoices(advice.ioThreads), cores: formatCount(cores) })
          : t('throughput.nearest', {
              named: advice.nearestRule!.cores,
              threads: threadChoices(advice.nearestRule!.ioThreads),
              cores: formatCount(cores),
            })}
      </p>
      <ul>
        {throughputReference.points.map((p) => (
          <li key={p.id}>
            {p.instance}, {dataText(POINT_TEXTS[p.id]?.setup, p.setup)}, {dataText(POINT_TEXTS[p.id]?.operation, p.operation)}:{' '}
            {p.qpsAtLeast
              ? t('throughput.over', { qps: formatCount(p.qpsAtLeast) })
              : p.qpsUpTo
                ? t('throughput.upTo', { qps: formatCount(p.qpsUpTo) })
                : t('throughput.about', { qps: formatCount(p.qpsAbout ?? 0) })}
            {p.note ? ` — ${dataText(POINT_TEXTS[p.id]?.note, p.note)}` : ''}
          </li>
        ))}
      </ul>
      <p className="note">
        {t('throughput.source', {
          title: dataText(SOURCE_TEXTS.title, source.title),
          publisher: dataText(SOURCE_TEXTS.publisher, source.publisher),
        })}{' '}
        {dataText(SOURCE_TEXTS.method, throughputReference.method)}
      </p>
    </section>
  );
}
