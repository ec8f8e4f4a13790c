/** One named part of a key's cost, per key: what "why this number" lists. */
export interface BreakdownItem {
  /** What it is, in the words of the source code where possible ("dictEntry", "key sds"). */
  component: string;
  bytesPerKey: number;
}

/**
 * Layout functions return the bytes they count. When a breakdown is wanted they also name each
 * part to an Itemiser; the totals path passes null and so builds no objects and no strings.
 */
export class Itemiser {
  private constructor(
    private readonly parts: Map<string, number>,
    private readonly weight: number,
  ) {}

  static create(): Itemiser {
    return new Itemiser(new Map(), 1);
  }

  /** The same breakdown, with everything added through the result multiplied by `weight`. */
  weighted(weight: number): Itemiser {
    return new Itemiser(this.parts, this.weight * weight);
  }

  add(component: string, bytes: number): void {
    // A part that no key of the family has (weight 0) is not listed at all.
    if (this.weight === 0) return;
    this.parts.set(component, (this.parts.get(component) ?? 0) + bytes * this.weight);
  }

  items(): BreakdownItem[] {
    return [...this.parts].map(([component, bytesPerKey]) => ({ component, bytesPerKey }));
  }
}

/** Counts one part: names it to `into` when itemising, and returns its bytes. */
export function part(into: Itemiser | null, component: string, bytes: number): number {
  if (into !== null) into.add(component, bytes);
  return bytes;
}
