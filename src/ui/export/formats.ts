/**
 * Text formats for a table already on screen: its headers and the figures as the page shows
 * them. Nothing here computes a figure; it only writes the strings it is given.
 */
export interface Grid {
  headers: string[];
  rows: string[][];
}

/**
 * A spreadsheet runs a cell that starts like a formula. The OWASP rule, on every cell: one that
 * starts with "=", "+", "-", "@", a tab or a carriage return (also after leading spaces, which
 * some spreadsheets skip) gets a leading apostrophe. A signed figure ("+3.1 %") is defused too:
 * "+1+cmd|' /C calc'!A0" starts with a digit after its sign as well, so no pattern of the sign
 * tells a figure from a formula.
 */
export function defused(cell: string): string {
  return /^[\t\r]|^ *[=+\-@]/.test(cell) ? `'${cell}` : cell;
}

function csvCell(cell: string): string {
  const safe = defused(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * RFC 4180 CSV with CRLF line ends, preceded by a byte-order mark so that spreadsheets read the
 * "×" and "−" in the figures as UTF-8.
 */
export function toCsv(grid: Grid): string {
  return '\ufeff' + [grid.headers, ...grid.rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const markdownCell = (cell: string) => cell.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** A GitHub-flavoured Markdown table, then the link to the same plan. */
export function toMarkdown(grid: Grid, link: { label: string; url: string }): string {
  const line = (cells: string[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [
    line(grid.headers),
    `|${grid.headers.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...grid.rows.map(line),
    '',
    `[${link.label}](<${link.url}>)`,
    '',
  ].join('\n');
}

// In wiki markup "|" ends a cell, and "[", "{", "*", "_" start links, macros and emphasis.
const confluenceCell = (cell: string) =>
  cell
    .replace(/([|[\]{}*_\\-])/g, '\\$1')
    .replace(/\s+/g, ' ')
    .trim() || ' ';

/** Confluence wiki markup: "||" heading cells, "|" cells, then the link to the same plan. */
export function toConfluence(grid: Grid, link: { label: string; url: string }): string {
  return [
    `||${grid.headers.map(confluenceCell).join('||')}||`,
    ...grid.rows.map((row) => `|${row.map(confluenceCell).join('|')}|`),
    '',
    `[${link.label.replace(/[|[\]]/g, '')}|${link.url}]`,
    '',
  ].join('\n');
}
