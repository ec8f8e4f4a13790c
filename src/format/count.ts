/**
 * A whole number with comma thousands separators ("1,234,567"). Written out rather than
 * toLocaleString: the first locale-aware call costs the browser tens of milliseconds of ICU
 * setup at startup, and the output must not depend on the runtime's locale data.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const digits = String(Math.abs(Math.round(n)));
  // Past 21 digits String() switches to exponent notation: leave it as it is.
  if (!/^\d+$/.test(digits)) return String(Math.round(n));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}
