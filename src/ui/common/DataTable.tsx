import { memo } from 'react';
import { TableScroll } from './TableScroll';
import { samePlain } from '../../state/keepUnchanged';

/** A plain table of the numbers behind a chart: the accessible view of the same data. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => string;
  /** Text that may break across lines (names, not figures) so the table fits narrower screens. */
  wrap?: boolean;
  /** The colour of this column's series in the chart beside the table. */
  swatch?: string;
  /** A smaller second line under the figure: what it is made of. */
  detail?: (row: Row) => string;
}

interface CellText {
  header: string;
  text: string;
  wrap?: boolean;
  detail?: string;
}

/** One row, from the texts it shows only: rows an edit left as they read are not rendered again. */
const DataRow = memo(function DataRow({ cells }: { cells: CellText[] }) {
  return (
    <tr>
      {cells.map((c, i) =>
        i === 0 ? (
          <th key={c.header} scope="row">
            {c.text}
          </th>
        ) : (
          <td key={c.header} data-label={c.header} className={c.wrap ? 'wrap' : undefined}>
            {c.text}
            {c.detail !== undefined && <span className="cell-line cell-detail">{c.detail}</span>}
          </td>
        ),
      )}
    </tr>
  );
}, samePlain);

/**
 * Every cell carries its column's header as data-label: on a phone the rows become cards that
 * name each figure (styles.css), instead of a table scrolled off-screen.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <TableScroll label={caption}>
      <table className="data-table" aria-label={caption}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.swatch && <span className="swatch" style={{ background: c.swatch }} aria-hidden="true" />}
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <DataRow
              key={rowKey(row)}
              cells={columns.map((c) => ({ header: c.header, text: c.cell(row), wrap: c.wrap, detail: c.detail?.(row) }))}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
