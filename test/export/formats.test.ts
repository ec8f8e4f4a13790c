import { describe, expect, it } from 'vitest';
import { toConfluence, toCsv, toMarkdown, type Grid } from '../../src/ui/export/formats';
import { fileNameFor } from '../../src/ui/export/download';
import { parseCsv } from './csv';

const GRID: Grid = {
  headers: ['Version', 'Bytes per key', 'Dataset', 'Change vs 7.2'],
  rows: [
    ['7.2 (baseline)', '64.02 B', '61.04 MiB', '–'],
    ['9.1 (target)', '39.70 B', '37.86 MiB', '−23.18 MiB (−38.0 %)'],
  ],
};
const LINK = { label: 'Open this plan', url: 'https://example.org/planner/#v=2&s=abc_-' };

describe('CSV', () => {
  it('reads back to the same headers and figures, UTF-8 marked for spreadsheets', () => {
    const csv = toCsv(GRID);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(parseCsv(csv)).toEqual([GRID.headers, ...GRID.rows]);
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', () => {
    const csv = toCsv({
      headers: ['Workload', 'Keys'],
      rows: [
        ['sessions, "eu"', '1,000,000'],
        ['=HYPERLINK("x")', '+3.1 %'],
        ['@sum', '-x'],
      ],
    });
    expect(parseCsv(csv)).toEqual([
      ['Workload', 'Keys'],
      ['sessions, "eu"', '1,000,000'],
      [`'=HYPERLINK("x")`, `'+3.1 %`],
      [`'@sum`, `'-x`],
    ]);
  });

  it('defuses every cell a spreadsheet could run, by the OWASP rule: =, +, -, @, tab, carriage return', () => {
    const hostile = [
      "+1+cmd|' /C calc'!A0",
      "-1+1+cmd|' /C calc'!A0",
      '=1+1',
      '@SUM(A1)',
      '\t=1+1',
      '\r=1+1',
      '  =1+1',
      '-2+3',
      '+41',
    ];
    const csv = toCsv({ headers: ['=header'], rows: hostile.map((cell) => [cell, 'sessions']) });
    expect(parseCsv(csv)).toEqual([["'=header"], ...hostile.map((cell) => [`'${cell}`, 'sessions'])]);
  });

  it('leaves a cell that cannot start a formula as it is: names, figures, negative numbers, the U+2212 minus sign', () => {
    const plain = ['sessions', '61.04 MiB', '−38.0 %', 'a=b', 'x-1', "'quoted", '-6.10', '-38'];
    expect(parseCsv(toCsv({ headers: plain, rows: [] }))).toEqual([plain]);
  });

  it('keeps a German table cell for cell: decimal commas and no-break spaces stay inside their field', () => {
    const german: Grid = {
      headers: ['Version', 'Bytes pro Schlüssel', 'Datenbestand'],
      rows: [['9.1 (Ziel)', '39,70\u00a0B', '1.234,50\u00a0MiB']],
    };
    const csv = toCsv(german);
    expect(csv).toContain('"39,70\u00a0B","1.234,50\u00a0MiB"');
    expect(parseCsv(csv)).toEqual([german.headers, ...german.rows]);
  });
});

describe('Markdown', () => {
  it('is a heading and a table of the same cells per section, figures right-aligned, with the link under them', () => {
    const md = toMarkdown(
      [
        { title: 'Results', grid: GRID },
        { title: 'Cost', note: 'No price.' },
      ],
      LINK,
    ).split('\n');
    expect(md[0]).toBe('### Results');
    expect(md[2]).toBe('| Version | Bytes per key | Dataset | Change vs 7.2 |');
    expect(md[3]).toBe('| --- | ---: | ---: | ---: |');
    expect(md[5]).toBe('| 9.1 (target) | 39.70 B | 37.86 MiB | −23.18 MiB (−38.0 %) |');
    expect(md.slice(7, 10)).toEqual(['### Cost', '', 'No price.']);
    expect(md).toContain('[Open this plan](<https://example.org/planner/#v=2&s=abc_-'.concat('>)'));
  });

  it('escapes a pipe inside a cell so it does not split the row', () => {
    const md = toMarkdown([{ title: 'W', grid: { headers: ['Workload'], rows: [['a|b']] } }], LINK);
    expect(md.split('\n')[4]).toBe('| a\\|b |');
  });
});

describe('Confluence wiki markup', () => {
  it('writes heading cells with ||, cells with |, and a [label|url] link', () => {
    const wiki = toConfluence([{ title: 'Results', grid: GRID }], LINK).split('\n');
    expect(wiki[0]).toBe('h3. Results');
    expect(wiki[1]).toBe('||Version||Bytes per key||Dataset||Change vs 7.2||');
    expect(wiki[3]).toBe('|9.1 (target)|39.70 B|37.86 MiB|−23.18 MiB (−38.0 %)|');
    expect(wiki).toContain(`[Open this plan|${LINK.url}]`);
  });

  it('escapes the characters that would start a cell, link, macro or emphasis', () => {
    expect(toConfluence([{ title: 'T', grid: { headers: ['W'], rows: [['a|b [x] {y} *z*']] } }], LINK).split('\n')[2]).toBe(
      '|a\\|b \\[x\\] \\{y\\} \\*z\\*|',
    );
  });
});

describe('file names', () => {
  it('carry the scenario name when it has one', () => {
    expect(fileNameFor('Checkout cache (EU)', 'results', 'csv')).toBe('checkout-cache-eu-results.csv');
    expect(fileNameFor('', 'Versions side by side', 'png')).toBe('valkey-ram-plan-versions-side-by-side.png');
    // A name in any script keeps its letters; what a file system refuses goes.
    expect(fileNameFor('Кэш корзины: EU/West', 'versions', 'png')).toBe('кэш-корзины-euwest-versions.png');
    expect(fileNameFor('购物车 缓存', 'results', 'csv')).toBe('购物车-缓存-results.csv');
    expect(fileNameFor('Größe*?<>|"\\', 'results', 'csv')).toBe('größe-results.csv');
  });
});
