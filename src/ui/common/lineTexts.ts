import { translation } from '../../i18n';
import { LINES, type LineId } from '../../model';

/** The texts a release line carries in the registry, in English. */
export const LINE_TEXTS = ['memoryChange', 'checkedAgainst'] as const;
export type LineText = (typeof LINE_TEXTS)[number];

/**
 * The catalog id of a line's text in the other languages: `line.<line id>.<text>`. The English
 * catalog has none of them, the registry being their English.
 */
export function lineMessageId(line: string, text: LineText): string {
  return `line.${line}.${text}`;
}

/** A line's text in the page's language: its translation where the catalog has one, else the registry's English. */
export function lineText(line: LineId, text: LineText): string {
  return translation(lineMessageId(line, text)) ?? LINES.entry(line).release[text];
}
