/** One named part of a key's cost, per key: what "why this number" lists. */
export interface BreakdownItem {
  /** What it is, in the words of the source code where possible ("dictEntry", "key sds"). */
  component: string;
  bytesPerKey: number;
}

/**
 * Where layout functions count the parts of a key's cost. They return the bytes they count and
 * pass each part through `part`: an Itemiser names it for "why this number", TOTALS_ONLY just
 * hands the bytes back, so the totals path builds no objects and no strings.
 */
export interface Parts {
  /** Whether parts are being named: work done only to name them can be skipped when not. */
  readonly itemising: boolean;
  /** Counts one part and returns its bytes. */
  part(component: string, bytes: number): number;
  /** The same parts, with everything counted through the result multiplied by `weight`. */
  weighted(weight: number): Parts;
}

class TotalsOnly implements Parts {
  readonly itemising = false;

  part(_component: string, bytes: number): number {
    return bytes;
  }

  weighted(): Parts {
    return this;
  }
}

/** Counting without naming: what every estimate uses. */
export const TOTALS_ONLY: Parts = new TotalsOnly();

export class Itemiser implements Parts {
  readonly itemising = true;

  private constructor(
    private readonly parts: Map<string, number>,
    private readonly weight: number,
  ) {}

  static create(): Itemiser {
    return new Itemiser(new Map(), 1);
  }

  weighted(weight: number): Itemiser {
    return new Itemiser(this.parts, this.weight * weight);
  }

  part(component: string, bytes: number): number {
    // A part that no key of the family has (weight 0) is not listed at all.
    if (this.weight !== 0) this.parts.set(component, (this.parts.get(component) ?? 0) + bytes * this.weight);
    return bytes;
  }

  items(): BreakdownItem[] {
    return [...this.parts].map(([component, bytesPerKey]) => ({ component, bytesPerKey }));
  }
}
