import { type SizeAndChange, GB } from '../../model';
import { formatSignedPercent, formatWholeGigabytes } from '../../format/quantities';

/** Whole decimal gigabytes, as the post writes them. */
export const wholeGigabytes = (bytes: number) => formatWholeGigabytes(bytes / GB);

/** "625 GB (−37.5 %)": a figure of the 1 TB correction with its change against 7.2. */
export const sizeAndChange = (s: SizeAndChange | null) =>
  s ? `${wholeGigabytes(s.bytes)} (${formatSignedPercent(s.percent)})` : '–';
