/**
 * A distribution in power-of-two bins: bin 0 holds 0, bin b holds [2^(b-1), 2^b). Bins of every
 * histogram line up, so families merge exactly, and memory stays at 64 bins whatever the count.
 */
export class Log2Histogram {
  /** Counts per bin: room for every integer below 2^64 from the start (a value past that grows it). */
  private bins = new Float64Array(65);
  count = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;

  add(value: number, weight = 1): void {
    if (weight <= 0) return;
    const bin = value < 1 ? 0 : value < 4294967296 ? 32 - Math.clz32(value) : Math.floor(Math.log2(value)) + 1;
    if (bin >= this.bins.length) this.grow(bin + 1);
    this.bins[bin]! += weight;
    this.count += weight;
    this.sum += value * weight;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  merge(other: Log2Histogram): void {
    if (other.bins.length > this.bins.length) this.grow(other.bins.length);
    other.bins.forEach((n, i) => (this.bins[i]! += n));
    this.count += other.count;
    this.sum += other.sum;
    this.min = Math.min(this.min, other.min);
    this.max = Math.max(this.max, other.max);
  }

  private grow(bins: number): void {
    const grown = new Float64Array(bins);
    grown.set(this.bins);
    this.bins = grown;
  }

  get mean(): number {
    return this.count > 0 ? this.sum / this.count : 0;
  }

  summary(): HistogramSummary {
    const bins: HistogramBin[] = [];
    this.bins.forEach((count, i) => {
      if (count > 0) bins.push({ from: i === 0 ? 0 : 2 ** (i - 1), to: i === 0 ? 1 : 2 ** i, count });
    });
    return {
      count: this.count,
      mean: this.mean,
      min: this.count > 0 ? this.min : 0,
      max: this.count > 0 ? this.max : 0,
      bins,
    };
  }
}

/** Values from `from` (inclusive) to `to` (exclusive). */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

export interface HistogramSummary {
  count: number;
  mean: number;
  min: number;
  max: number;
  bins: HistogramBin[];
}
