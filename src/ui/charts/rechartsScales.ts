/**
 * The d3 scales recharts may build, given to it in place of the whole of d3-scale (see
 * vite.config.ts). recharts looks a scale up by name in d3-scale's namespace, so the bundler
 * keeps every scale, and with the time scales d3-time and d3-time-format (about 6 KiB of gzip).
 * The charts use category axes (band, point), numeric ones (linear) and logarithmic ones (log).
 * A name missing here makes recharts fall back to a point scale, as for any unknown name.
 */
export { scaleBand, scaleLinear, scaleLog, scalePoint } from 'd3-scale';
