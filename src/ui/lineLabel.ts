import { LINES, type LineId } from '../model/lineRegistry';

/** How a line is named on axes and in tables: "9.1", "Redis 7.0". */
export function lineLabel(id: LineId): string {
  return LINES.entry(id).label;
}
