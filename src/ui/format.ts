/** Display formatting only: no memory arithmetic happens here. */
const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BINARY_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : Math.abs(value) >= 100 ? 1 : 2;
  return `${value.toFixed(digits)} ${BINARY_UNITS[unit]}`;
}

export function formatBytesPerKey(bytes: number): string {
  return `${bytes.toFixed(2)} B`;
}

export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function formatSignedPercent(percent: number | null): string {
  if (percent === null) return '–';
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return '0.0 %';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)} %`;
}

export function formatSignedBytes(bytes: number, formatter: (b: number) => string = formatBytes): string {
  if (Math.abs(bytes) < 0.005) return '0';
  return `${bytes > 0 ? '+' : '−'}${formatter(Math.abs(bytes))}`;
}

export function formatShare(share: number): string {
  return `${Math.round(share * 1000) / 10} %`;
}
