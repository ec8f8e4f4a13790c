/**
 * Text formats for the plan's tables: a CSV of one table, Markdown and wiki markup of several.
 * Nothing here computes a figure; it only writes the strings it is given.
 */
export interface Grid {
  headers: string[];
  rows: string[][];
}

/** A titled part of a copied plan: a table, a numbered list, a sentence, or some of them. */
export interface Section {
  title: string;
  grid?: Grid;
  items?: string[];
  note?: string;
}

/**
 * A spreadsheet runs a cell that starts like a formula. The OWASP rule, on every cell: one that
 * starts with "=", "+", "-", "@", a tab or a carriage return (also after leading spaces, which
 * some spreadsheets skip) gets a leading apostrophe. A signed figure ("+3.1 %") is defused too:
 * "+1+cmd|' /C calc'!A0" starts with a digit after its sign as well, so no pattern of the sign
 * tells a figure from a formula; only a cell that is nothing but a negative number is left as it is.
 */
export function defused(cell: string): string {
  // A plain negative number ("-6.10", what the data exports write) is a figure, never a formula.
  if (/^-\d+(\.\d+)?$/.test(cell)) return cell;
  return /^[\t\r]|^ *[=+\-@]/.test(cell) ? `'${cell}` : cell;
}

function csvCell(cell: string): string {
  const safe = defused(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * RFC 4180 CSV with CRLF line ends, preceded by a byte-order mark so that spreadsheets read the
 * headers and names in any script ("ГиБ", "购物车") as UTF-8.
 */
export function toCsv(grid: Grid): string {
  return '\ufeff' + [grid.headers, ...grid.rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const markdownCell = (cell: string) => cell.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** A GitHub-flavoured Markdown table: the first column left-aligned, the figures right-aligned. */
function markdownTable(grid: Grid): string[] {
  const line = (cells: string[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [
    line(grid.headers),
    `|${grid.headers.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...grid.rows.map(line),
  ];
}

/** Each section as a heading, its table or list and its sentence, then the link to the same plan. */
export function toMarkdown(sections: readonly Section[], link: { label: string; url: string }): string {
  return [
    ...sections.flatMap((s) => [
      `### ${markdownCell(s.title)}`,
      '',
      ...(s.grid ? [...markdownTable(s.grid), ''] : []),
      ...(s.items ? [...s.items.map((item, i) => `${i + 1}. ${markdownCell(item)}`), ''] : []),
      ...(s.note ? [markdownCell(s.note), ''] : []),
    ]),
    `[${link.label}](<${link.url}>)`,
    '',
  ].join('\n');
}

// In wiki markup "|" ends a cell, and "[", "{", "*", "_" start links, macros and emphasis.
const confluenceText = (cell: string) =>
  cell
    .replace(/([|[\]{}*_\\-])/g, '\\$1')
    .replace(/\s+/g, ' ')
    .trim();
const confluenceCell = (cell: string) => confluenceText(cell) || ' ';

/** Confluence wiki markup: "h3." headings, "||" heading cells, "|" cells, "#" numbered items, then the link to the same plan. */
export function toConfluence(sections: readonly Section[], link: { label: string; url: string }): string {
  return [
    ...sections.flatMap((s) => [
      `h3. ${confluenceText(s.title)}`,
      ...(s.grid
        ? [
            `||${s.grid.headers.map(confluenceCell).join('||')}||`,
            ...s.grid.rows.map((row) => `|${row.map(confluenceCell).join('|')}|`),
          ]
        : []),
      ...(s.items ? s.items.map((item) => `# ${confluenceText(item)}`) : []),
      ...(s.note ? [confluenceText(s.note)] : []),
      '',
    ]),
    `[${link.label.replace(/[|[\]]/g, '')}|${link.url}]`,
    '',
  ].join('\n');
}
