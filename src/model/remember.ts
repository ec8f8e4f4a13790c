/**
 * Remembers the answers of a pure function of two numbers. The model asks the same table
 * questions (the geometry of a collection of n elements, its expected child buckets) for every
 * workload on every evaluation; an edit changes one workload, so nearly every answer recurs.
 * Bounded: past `limit` answers it starts over, so a long session cannot grow it without end.
 */
export function rememberedByTwoNumbers<T>(compute: (a: number, b: number) => T, limit = 4096): (a: number, b: number) => T {
  const byFirst = new Map<number, Map<number, T>>();
  let remembered = 0;
  return (a, b) => {
    let bySecond = byFirst.get(a);
    if (bySecond === undefined) {
      bySecond = new Map();
      byFirst.set(a, bySecond);
    }
    let value = bySecond.get(b);
    if (value === undefined) {
      value = compute(a, b);
      if (remembered >= limit) {
        byFirst.clear();
        remembered = 0;
        bySecond = new Map();
        byFirst.set(a, bySecond);
      }
      bySecond.set(b, value);
      remembered++;
    }
    return value;
  };
}
