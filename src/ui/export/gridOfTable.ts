import type { Grid } from './formats';

/**
 * A cell's words as a reader sees them: separate parts ("64.02 B/key", "61.04 MiB") keep a space
 * between them, and a row's tag ("baseline") reads as "(baseline)".
 */
function cellText(cell: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.textContent ?? '');
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') {
      if (node.classList.contains('tag')) parts.push(` (${node.textContent ?? ''}) `);
      else {
        parts.push(' ');
        node.childNodes.forEach(walk);
        parts.push(' ');
      }
    }
  };
  cell.childNodes.forEach(walk);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The headers and rows of a table on the page, exactly as it shows them: what the exports write. */
export function gridOfTable(table: HTMLTableElement): Grid {
  const rowCells = (row: HTMLTableRowElement) => [...row.cells].map(cellText);
  return {
    headers: table.tHead?.rows[0] ? rowCells(table.tHead.rows[0]) : [],
    rows: [...table.tBodies].flatMap((body) => [...body.rows].map(rowCells)),
  };
}
