import { LINES, type LineId } from '../../model';

/** How a line is named on axes and in tables: "9.1", "Redis 7.0". */
export function lineLabel(id: LineId): string {
  return LINES.entry(id).label;
}

/** A line named with its product, where a sentence needs it: "Valkey 9.1", "Redis 7.0". */
export function lineFullName(id: LineId): string {
  const entry = LINES.entry(id);
  return entry.family === 'valkey' ? `Valkey ${entry.label}` : entry.label;
}

/** A move between lines as a title names it: "Valkey 7.2 → 9.1", "Redis 7.0 → Valkey 9.1" (the product once, unless it changes). */
export function lineMove(from: LineId, to: LineId): { from: string; to: string } {
  const sameFamily = LINES.entry(from).family === LINES.entry(to).family;
  return { from: lineFullName(from), to: sameFamily ? lineLabel(to) : lineFullName(to) };
}
