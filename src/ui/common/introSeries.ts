import type { MessageId } from '../../i18n';
/**
 * The three answers to "1 TB on 7.2", in the order the table's columns and the chart's bars
 * (and so its legend) show them, each with its colour.
 */
export const INTRO_SERIES = {
  intro: { message: 'intro.series.intro', color: '#c0392b' },
  table: { message: 'intro.series.table', color: '#b26a00' },
  model: { message: 'intro.series.model', color: '#2f6db5' },
} as const satisfies Record<string, { message: MessageId; color: string }>;
