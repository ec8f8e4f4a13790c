import { formatCount } from './count';

/**
 * Money as people read it, in US dollars: whole cents for totals ("$1,234.56"), up to four
 * decimals for hourly prices ("$0.0816/h"). Written out, as formatCount is, to keep the
 * output independent of the runtime's locale data.
 */
export function formatUsd(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const text = `$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
  return amount < 0 && cents > 0 ? `-${text}` : text;
}

/** A unit price with 2 to 4 decimals: "$0.084", "$0.0816", "$1.50". */
export function formatUnitPrice(amount: number): string {
  return `$${amount.toFixed(4).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}

export function formatUsdPerHour(amount: number): string {
  return `${formatUnitPrice(amount)}/h`;
}
