import { caveats } from '../data/caveats';
import type { Caveats } from '../data/schemas';
import { useResolvedScenario } from '../state/store';
import { caveatApplies } from './caveatConditions';

type Topic = Caveats['caveats'][number]['appliesTo'];

/** Each caveat box is a landmark of its own: its name says which figures it is about. */
const TOPIC_NAMES: Record<Topic, string> = {
  bytesPerKey: 'Caveat: bytes per key',
  dataset: 'Caveat: dataset',
  allocator: 'Caveat: builds and allocators',
  change: 'Caveat: change after an upgrade',
  deployment: 'Caveat: deployment',
  version: 'Caveat: checking your server',
};

/** The sources' caveats for one kind of figure, shown next to it when they apply to this scenario. */
export function Caveat({ topic }: { topic: Topic }) {
  const scenario = useResolvedScenario();
  const items = caveats.caveats.filter((c) => c.appliesTo === topic && caveatApplies(c.id, scenario));
  if (items.length === 0) return null;
  return (
    <aside className="caveat" aria-label={TOPIC_NAMES[topic]}>
      {items.map((c) => (
        <p key={c.id}>{c.text}</p>
      ))}
    </aside>
  );
}
