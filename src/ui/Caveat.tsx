import { caveats } from '../data/caveats';
import type { Caveats } from '../data/schemas';

type Topic = Caveats['caveats'][number]['appliesTo'];

/** The sources' caveats for one kind of figure, shown next to it. */
export function Caveat({ topic }: { topic: Topic }) {
  const items = caveats.caveats.filter((c) => c.appliesTo === topic);
  if (items.length === 0) return null;
  return (
    <aside className="caveat" aria-label="Caveat">
      {items.map((c) => (
        <p key={c.id}>{c.text}</p>
      ))}
    </aside>
  );
}
