/**
 * The timing budgets of `npm run bench`, each checked twice: in absolute terms on this machine,
 * and as a ratio to the previous build measured in the same run. The ratio is judged against the
 * previous build's figure on a moderately busy machine (`reference`): the current build passes it
 * when ratio x reference is within the budget, that is when it would meet the budget where the
 * previous build measured `reference`. A loaded machine slows both builds alike, so the ratio
 * holds when the absolute figure cannot.
 */
export interface TimingBudget {
  metric: string;
  budgetMs: number;
  /** The statistic the budget applies to. */
  statistic: 'p95' | 'median';
  /** The previous build's figure for this statistic, and where it was measured. */
  referenceMs: number;
  referenceSource: string;
}

export const TIMING_BUDGETS = {
  edit: {
    metric: 'edit -> results and chart, 20 workloads',
    budgetMs: 16,
    statistic: 'p95',
    referenceMs: 34.3,
    referenceSource: 'previous main, bench p95 (issue 19)',
  },
  addWorkload: {
    metric: 'add a workload with 20 present -> results and chart',
    budgetMs: 50,
    statistic: 'p95',
    referenceMs: 61.1,
    referenceSource: 'previous main, bench p95 "add workload, 20+ shown in full"',
  },
  interactive: {
    metric: 'navigation -> a keystroke has its results',
    budgetMs: 400,
    statistic: 'median',
    referenceMs: 903,
    referenceSource: 'previous main, bench median "navigation to interactive" (issue 19)',
  },
  link: {
    metric: 'link with 20 workloads -> its first results',
    budgetMs: 400,
    statistic: 'median',
    referenceMs: 946,
    referenceSource: 'previous main, bench median (issue 19)',
  },
} as const satisfies Record<string, TimingBudget>;
