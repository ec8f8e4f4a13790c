/**
 * Sums over a Poisson-distributed count (keys per cluster slot, keys per bucket) whose cost does
 * not grow with the mean: a sum over every count of a Poisson(10^8) spans ~10^5 terms, while the
 * same sum of a function that is smooth between a few breakpoints needs a few hundred points.
 */

/** The counts beyond mean ± this many standard deviations hold less than 1e-30 of the mass. */
const TAIL_SDS = 12;

/** The whole counts worth summing for a Poisson of this mean: [first, last]. */
export function poissonSupport(mean: number): [number, number] {
  const sd = Math.sqrt(mean);
  return [Math.max(0, Math.floor(mean - TAIL_SDS * sd - 10)), Math.ceil(mean + TAIL_SDS * sd + 10)];
}

/** (1 + u) ln(1 + u) - u without cancellation when u is small (Loader's bd0, divided by the mean). */
function relativeDeviance(u: number): number {
  if (Math.abs(u) >= 0.1) return (1 + u) * Math.log1p(u) - u;
  // Sum over n >= 2 of (-u)^n / (n (n - 1)).
  let power = u * u;
  let sum = 0;
  for (let n = 2; n < 40; n++) {
    const term = power / (n * (n - 1));
    sum += term;
    if (Math.abs(term) < 1e-17 * Math.abs(sum)) break;
    power *= -u;
  }
  return sum;
}

/** ln Γ(x + 1) - ((x + 0.5) ln x - x + ln √(2π)), the error of Stirling's formula, for x >= 1. */
function stirlingError(x: number): number {
  if (x < 16) {
    // Few enough terms to sum exactly where the series below is not yet accurate.
    let logFactorial = 0;
    const whole = Math.round(x);
    if (whole === x) {
      for (let i = 2; i <= whole; i++) logFactorial += Math.log(i);
      return logFactorial - ((x + 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI));
    }
  }
  const inv = 1 / x;
  const inv2 = inv * inv;
  return inv * (1 / 12 - inv2 * (1 / 360 - inv2 * (1 / 1260 - inv2 * (1 / 1680))));
}

/**
 * P(K = x) for K ~ Poisson(mean), for whole x (and, smoothly between them, for real x >= 16).
 * Written around the mean (Loader 2000) so that it keeps full precision when x and the mean are
 * large: x ln(mean) - ln x! loses every digit to cancellation at x = 10^10.
 */
export function poissonProbability(x: number, mean: number): number {
  if (x < 0 || mean <= 0) return x === 0 ? 1 : 0;
  if (x === 0) return Math.exp(-mean);
  const deviance = mean * relativeDeviance((x - mean) / mean);
  return Math.exp(-deviance - stirlingError(x)) / Math.sqrt(2 * Math.PI * x);
}

/** Gauss-Legendre nodes on [-1, 1] and their weights, 8 points: exact for polynomials of degree 15. */
const GAUSS_NODES = [
  -0.960289856497536, -0.7966664774136267, -0.525532409916329, -0.1834346424956498, 0.1834346424956498, 0.525532409916329,
  0.7966664774136267, 0.960289856497536,
];
const GAUSS_WEIGHTS = [
  0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.362683783378362, 0.362683783378362, 0.3137066458778873,
  0.2223810344533745, 0.1012285362903763,
];

/** Sums term by term below this many counts. */
const DIRECT_SUM_TERMS = 64;

/**
 * Σ P(K = k) g(k) over whole k from first to last, where g is smooth (analytic) on
 * [first - 1, last + 1] and the mean is at least 256. Long ranges use Euler-Maclaurin: the
 * integral of P·g (Gauss-Legendre on panels one standard deviation wide) plus the endpoint terms
 * up to the first derivative. The next term is about g / (720 sd^4) per endpoint, below 1e-11 of
 * g at this mean; the panels' own error is smaller still.
 */
export function poissonSmoothSum(mean: number, first: number, last: number, g: (x: number) => number): number {
  const term = (x: number) => poissonProbability(x, mean) * g(x);
  if (last < first) return 0;
  if (last - first < DIRECT_SUM_TERMS) {
    let sum = 0;
    for (let k = first; k <= last; k++) sum += term(k);
    return sum;
  }
  const integral = gaussLegendre(term, first, last, Math.ceil((last - first) / Math.sqrt(mean)));
  const slope = (x: number) => term(x + 0.5) - term(x - 0.5);
  return integral + (term(first) + term(last)) / 2 + (slope(last) - slope(first)) / 12;
}

/** The integral of f from a to b, by 8-point Gauss-Legendre on `panels` equal panels (8 x panels readings of f). */
export function gaussLegendre(f: (x: number) => number, a: number, b: number, panels: number): number {
  const width = (b - a) / panels;
  let integral = 0;
  for (let p = 0; p < panels; p++) {
    const centre = a + (p + 0.5) * width;
    let panel = 0;
    for (let i = 0; i < GAUSS_NODES.length; i++) panel += GAUSS_WEIGHTS[i]! * f(centre + (GAUSS_NODES[i]! * width) / 2);
    integral += (panel * width) / 2;
  }
  return integral;
}
