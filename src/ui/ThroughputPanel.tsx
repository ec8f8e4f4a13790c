import { throughputReference } from '../data/throughputReference';
import { ioThreadsAdvice } from '../model';
import { parseCount } from '../scenario/humanInput';
import { DEFAULT_VIEW } from '../scenario/view';
import { usePlannerStore } from '../state/store';
import { formatCount } from '../format/count';
import { ParsedField } from './ParsedField';

/** io-threads for a core count, and the published QPS reference points with their source. */
export function ThroughputPanel() {
  const cores = usePlannerStore((s) => s.view.cores ?? DEFAULT_VIEW.cores);
  const choose = usePlannerStore((s) => s.coresChosen);
  const advice = ioThreadsAdvice(cores);
  const source = throughputReference.source;
  return (
    <section className="throughput" aria-label="Throughput">
      <h2>Throughput</h2>
      <ParsedField label="Cores per node" value={cores} parse={(t) => parseCount(t, 'Cores', 1, 256)} onValid={choose} />
      <p role="status">
        {advice.ioThreads
          ? `valkey.conf suggests io-threads ${advice.ioThreads.join(' or ')} for ${cores} cores.`
          : `valkey.conf names ${advice.nearestRule!.cores} cores (io-threads ${advice.nearestRule!.ioThreads.join(' or ')}), not ${cores}; leave cores for the main thread and the system.`}
      </p>
      <ul>
        {throughputReference.points.map((p) => (
          <li key={p.id}>
            {p.instance}, {p.setup}, {p.operation}:{' '}
            {p.qpsAtLeast
              ? `over ${formatCount(p.qpsAtLeast)}`
              : p.qpsUpTo
                ? `up to ${formatCount(p.qpsUpTo)}`
                : `about ${formatCount(p.qpsAbout ?? 0)}`}{' '}
            QPS
            {p.note ? ` — ${p.note}` : ''}
          </li>
        ))}
      </ul>
      <p className="note">
        Source: {source.title}, {source.publisher}. {throughputReference.method}
      </p>
    </section>
  );
}
