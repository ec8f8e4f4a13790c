import type { Units } from '../../scenario/viewOptions';
import { fixedDecimals, formatCount, formatPlainNumber } from '../../format/count';
import { formatUsd, formatUsdPerHour } from '../../format/money';
import { formatBytes, formatBytesPerKey, formatPercent, formatSigned, formatSignedPercent } from '../../format/quantities';
import type { Grid } from './formats';
import type { Cell, PlanTable, Quantity } from './planTables';

/** The unit a formatted figure ends with ("GiB", "ГиБ"): the one place that names units stays quantities.ts. */
const unitOf = (formatted: string) => formatted.replace(/^[-−+\d.,\s\u00a0\u202f]+/, '');

/** The power of the base (1024 or 1000) a column of byte figures is written in: its largest figure's, as the page would write it. */
function powerFor(values: readonly number[], base: number): number {
  const largest = Math.max(0, ...values.map(Math.abs));
  let power = 0;
  while (power < 5 && largest >= base ** (power + 1)) power++;
  return power;
}

/** A plain number for a spreadsheet: "." for decimals, ASCII minus, no grouping, never "-0". */
function plain(value: number, digits: number): string {
  const text = fixedDecimals(value, digits);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Two decimals, or three significant digits below 1 so that a small figure in a large unit is not written as 0. */
function scaled(value: number): string {
  if (value === 0 || Math.abs(value) >= 1) return plain(value, 2);
  const digits = Math.min(20, 2 - Math.floor(Math.log10(Math.abs(value))));
  return plain(value, digits).replace(/0+$/, '');
}

const PLAIN_DIGITS: Partial<Record<Quantity, number>> = { bytesPerKey: 2, signedPercent: 1, percent: 1, count: 0, usd: 2 };

/**
 * A table as data: each cell one plain number (or a text), its unit in the column's header
 * ("Dataset (GiB)", in the units chosen on the page), for a spreadsheet to compute with.
 */
export function asDataGrid(table: PlanTable, units: Units): Grid {
  const base = units === 'binary' ? 1024 : 1000;
  const numbersOf = (i: number) => table.rows.map((r) => r[i]).filter((v): v is number => typeof v === 'number');
  const seriesNumbers = table.columns.flatMap((c, i) => (c.series ? numbersOf(i) : []));
  const columns = table.columns.map(({ header, quantity, series }, i) => {
    // A series (the months) in one unit, so that the figures compare and chart as they are.
    const numbers = series ? seriesNumbers : numbersOf(i);
    const power = quantity === 'bytes' || quantity === 'signedBytes' ? powerFor(numbers, base) : 0;
    const unit =
      quantity === 'bytes' || quantity === 'signedBytes'
        ? unitOf(formatBytes(base ** power, units))
        : quantity === 'bytesPerKey'
          ? unitOf(formatBytesPerKey(1))
          : quantity === 'percent' || quantity === 'signedPercent'
            ? '%'
            : quantity === 'usd'
              ? 'USD'
              : quantity === 'usdPerHour'
                ? 'USD/h'
                : null;
    const write = (v: number): string => {
      if (quantity === 'bytes' || quantity === 'signedBytes') return power === 0 ? plain(v, 0) : scaled(v / base ** power);
      if (quantity === 'usdPerHour' || quantity === 'ratio') return String(Math.round(v * 1e4) / 1e4);
      return plain(v, PLAIN_DIGITS[quantity] ?? 2);
    };
    return {
      header: unit === null || header.endsWith(`(${unit})`) ? header : `${header} (${unit})`,
      cell: (v: Cell) => (v === null ? '' : typeof v === 'number' ? write(v) : v),
    };
  });
  return { headers: columns.map((c) => c.header), rows: table.rows.map((row) => row.map((v, i) => columns[i]!.cell(v))) };
}

/** A figure as the page writes it, in its language and units: "20.69 GiB", "−5.1 %", "$59.57". */
function textOf(quantity: Quantity, value: Cell, units: Units): string {
  if (value === null) return '–';
  if (typeof value === 'string') return value;
  const bytes = (b: number) => formatBytes(b, units);
  switch (quantity) {
    case 'bytes':
      return bytes(value);
    case 'signedBytes':
      return formatSigned(value, bytes);
    case 'bytesPerKey':
      return formatBytesPerKey(value);
    case 'signedPercent':
      return formatSignedPercent(value);
    case 'percent':
      return formatPercent(value);
    case 'count':
      return formatCount(value);
    case 'ratio':
      return formatPlainNumber(value);
    case 'usd':
      return formatUsd(value);
    case 'usdPerHour':
      return formatUsdPerHour(value);
    case 'text':
      return String(value);
  }
}

/** A table as text for people (Markdown, wiki markup, print): each figure with its unit, as on the page. */
export function asTextGrid(table: PlanTable, units: Units): Grid {
  return {
    // A signed percentage sits beside the same change in bytes, under the same words.
    headers: table.columns.map((c) => (c.quantity === 'signedPercent' ? `${c.header} (%)` : c.header)),
    rows: table.rows.map((row) => row.map((v, i) => textOf(table.columns[i]!.quantity, v, units))),
  };
}
