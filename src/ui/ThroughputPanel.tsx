import { throughputReference } from '../data/throughputReference';
import { ioThreadsAdvice } from '../model';
import { parseCount } from '../scenario/humanInput';
import { DEFAULT_VIEW } from '../scenario/viewOptions';
import { usePlannerStore } from '../state/store';
import { formatCount } from '../format/count';
import { ParsedField } from './ParsedField';
import { t } from '../i18n';

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
        parse={(text) => parseCount(text, t('throughput.cores'), 1, 256)}
        onValid={choose}
        outsideResults
      />
      <p role="status">
        {advice.ioThreads
          ? t('throughput.suggests', { threads: threadChoices(advice.ioThreads), cores: formatCount(cores) })
          : t('throughput.nearest', {
              named: formatCount(advice.nearestRule!.cores),
              threads: threadChoices(advice.nearestRule!.ioThreads),
              cores: formatCount(cores),
            })}
      </p>
      <ul>
        {throughputReference.points.map((p) => (
          <li key={p.id}>
            {p.instance}, {p.setup}, {p.operation}:{' '}
            {p.qpsAtLeast
              ? t('throughput.over', { qps: formatCount(p.qpsAtLeast) })
              : p.qpsUpTo
                ? t('throughput.upTo', { qps: formatCount(p.qpsUpTo) })
                : t('throughput.about', { qps: formatCount(p.qpsAbout ?? 0) })}
            {p.note ? ` — ${p.note}` : ''}
          </li>
        ))}
      </ul>
      <p className="note">
        {t('throughput.source', { title: source.title, publisher: source.publisher })} {throughputReference.method}
      </p>
    </section>
  );
}
