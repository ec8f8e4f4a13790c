import { memo } from 'react';
import { caveats } from '../../data/caveats';
import type { Caveats } from '../../data/schemas';
import { useResolved } from '../../state/store';
import { caveatApplies } from './caveatConditions';
import { t, type MessageId } from '../../i18n';

type Topic = Caveats['caveats'][number]['appliesTo'];

/** Each caveat box is a landmark of its own: its name says which figures it is about. */
const TOPIC_NAMES: Record<Topic, MessageId> = {
  bytesPerKey: 'caveat.topic.bytesPerKey',
  dataset: 'caveat.topic.dataset',
  allocator: 'caveat.topic.allocator',
  change: 'caveat.topic.change',
  deployment: 'caveat.topic.deployment',
  version: 'caveat.topic.version',
};

/** Each caveat's text in the catalog, by its id in data/caveats.json (test/i18n checks every caveat has one). */
export const CAVEAT_TEXTS: Record<string, MessageId> = {
  'lab-profile': 'caveat.labProfile',
  'disk-caches': 'caveat.diskCaches',
  'builds-differ': 'caveat.buildsDiffer',
  'no-shrink-on-upgrade': 'caveat.noShrinkOnUpgrade',
  'benchmark-flags': 'caveat.benchmarkFlags',
  'check-your-server': 'caveat.checkYourServer',
};

/** The sources' caveats for one kind of figure, shown next to it when they apply to this scenario. */
export const Caveat = memo(function Caveat({ topic }: { topic: Topic }) {
  // The ids of those that apply, as one string: the same string renders nothing again.
  const ids = useResolved((scenario) =>
    caveats.caveats
      .filter((c) => c.appliesTo === topic && caveatApplies(c.id, scenario))
      .map((c) => c.id)
      .join(' '),
  );
  const items = caveats.caveats.filter((c) => ids.split(' ').includes(c.id));
  if (items.length === 0) return null;
  return (
    <aside className="caveat" aria-label={t(TOPIC_NAMES[topic])}>
      {items.map((c) => (
        <p key={c.id}>{t(CAVEAT_TEXTS[c.id]!)}</p>
      ))}
    </aside>
  );
});
