import { TableScroll } from './TableScroll';

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
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} data-label={c.header} className={c.wrap ? 'wrap' : undefined}>
                    {c.cell(row)}
                    {c.detail && <span className="cell-line cell-detail">{c.detail(row)}</span>}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
