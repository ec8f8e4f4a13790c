import { usePlannerStore } from '../../state/store';
import { currentLink } from '../../state/shareLink';
import { download, fileNameFor } from './download';
import { toConfluence, toCsv, toMarkdown } from './formats';
import { planSections } from './planDocument';
import {
  asLoadedTable,
  costTable,
  deploymentTable,
  growthTable,
  planFiguresOf,
  resultsTable,
  withPlanNotes,
  workloadsTable,
  type PlanFigures,
  type PlanTable,
} from './planTables';
import { asDataGrid } from './planWriters';
import { t } from '../../i18n';

export type TableFormat = 'csv' | 'markdown' | 'confluence';

/** The tables a CSV is downloaded of, by the file name's ending; null where there is none (no price). */
const CSV_TABLES: Record<string, (figures: PlanFigures) => PlanTable | null> = {
  results: resultsTable,
  workloads: workloadsTable,
  asLoaded: asLoadedTable,
  deployment: deploymentTable,
  cost: costTable,
  // With the dataset month by month.
  growth: (figures) => growthTable(figures, true),
};

/**
 * Writes the plan from the figures the panels show: a CSV of the table named by `file` is
 * downloaded (its file name returned); the Markdown and wiki markup of the whole plan (followed by
 * the link to it) are returned for the clipboard. Null when there is no such table.
 */
export function exportTable(
  file: string,
  format: TableFormat,
): { kind: 'file'; fileName: string } | { kind: 'text'; text: string } | null {
  const { scenario, view } = usePlannerStore.getState();
  const figures = planFiguresOf(scenario, view);
  if (format === 'csv') {
    const table = Object.hasOwn(CSV_TABLES, file) ? CSV_TABLES[file]!(figures) : null;
    if (!table) return null;
    const fileName = fileNameFor(scenario.name, file, 'csv');
    const csv = toCsv(asDataGrid(withPlanNotes(table, figures.applied, figures.assumed), figures.units));
    download(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    return { kind: 'file', fileName };
  }
  const link = { label: t('export.linkLabel'), url: currentLink(location.href) };
  const sections = planSections(figures);
  return { kind: 'text', text: format === 'markdown' ? toMarkdown(sections, link) : toConfluence(sections, link) };
}
