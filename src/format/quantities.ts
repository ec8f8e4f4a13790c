/** Display formatting only: no memory arithmetic happens here. */

/** Powers of 1024 (KiB, MiB) or of 1000 (KB, MB). */
export type ByteUnits = 'binary' | 'decimal';

const BINARY = { base: 1024, names: ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] };
const DECIMAL = { base: 1000, names: ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] };

export function formatBytes(bytes: number, units: ByteUnits = 'binary'): string {
  const { base, names } = units === 'binary' ? BINARY : DECIMAL;
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= base && unit < names.length - 1) {
    value /= base;
    unit++;
  }
  const digits = unit === 0 ? 0 : Math.abs(value) >= 100 ? 1 : 2;
  return `${value.toFixed(digits)} ${names[unit]}`;
}

export function formatBytesPerKey(bytes: number): string {
  return `${bytes.toFixed(2)} B`;
}

export function formatSignedPercent(percent: number | null): string {
  if (percent === null) return '–';
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return '0.0 %';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)} %`;
}

export function formatSigned(value: number, format: (v: number) => string): string {
  if (Math.abs(value) < 0.005) return '0';
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;
}

export function formatShare(share: number): string {
  return `${Math.round(share * 1000) / 10} %`;
}
