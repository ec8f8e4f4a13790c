/**
 * The three answers to "1 TB on 7.2", in the order the table's columns and the chart's bars
 * (and so its legend) show them, each with its colour.
 */
export const INTRO_SERIES = {
  intro: { name: 'Intro figure (post)', color: '#c0392b' },
  table: { name: 'Benchmark table', color: '#b26a00' },
  model: { name: 'Your keys (model)', color: '#2f6db5' },
} as const;
