import { z } from '../data/zod';
import { formatCount } from '../format/count';
import { NODE_BYTES_LIMITS } from '../model/plan';
import { parseBytes } from '../scenario/humanInput';

/** What `--fit SIZE` reads: a number and a unit (16GB, 64GiB, 512 MiB); the memory of each node. */
const SIZE_SHAPE = /^\s*\d[\d.,]*\s*[a-z]*\s*$/i;
const UNITS = 'B, KB, KiB, MB, MiB, GB, GiB';

/**
 * Whether an argument after --fit is meant as a size rather than the scenario file: it starts like
 * one, with a digit or a sign and a digit (a negative or exponent size is then told what is wrong
 * with it, not taken for an option or a file).
 */
export function looksLikeNodeSize(arg: string): boolean {
  return /^\s*[-+]?\d/.test(arg);
}

/** Why a --fit size is not one, in the words a user can act on; null when it is one. */
function nodeSizeProblem(text: string): string | null {
  const shown = JSON.stringify(text.slice(0, 40));
  const unit = /[a-z]*\s*$/i.exec(text.trim())![0].trim().toLowerCase();
  if (/^\s*-/.test(text)) return `--fit ${shown}: a node size cannot be negative; write one as in 16GB or 64GiB`;
  if (/^\s*\+?\d[\d.]*e[+-]?\d/i.test(text))
    return `--fit ${shown}: write the size without an exponent, a number and a unit (${UNITS}), as in 16GB or 64GiB`;
  if (!SIZE_SHAPE.test(text))
    return `--fit ${shown} is not a node size: write a number and a unit (${UNITS}), as in 16GB or 64GiB`;
  if (unit === '') return `--fit ${shown}: a node size needs its unit (${UNITS}), as in ${text.trim()}GB or ${text.trim()}GiB`;
  if (/^t(i?b)?$/.test(unit)) return `--fit ${shown}: write terabytes in GB or GiB (1 TB = 1000GB, 1 TiB = 1024GiB)`;
  const parsed = parseBytes(text, '--fit', NODE_BYTES_LIMITS.min, NODE_BYTES_LIMITS.max, 'en');
  if (parsed.ok) return null;
  switch (parsed.error.code) {
    case 'notWhole':
      return `--fit ${shown} is not a whole number of bytes: write it in a smaller unit`;
    case 'aboveMaximum':
      return `--fit ${shown}: at most ${formatCount(NODE_BYTES_LIMITS.max, 'en')} bytes (64 TiB) a node`;
    case 'atLeast':
    case 'negative':
      return `--fit ${shown}: a node has at least ${NODE_BYTES_LIMITS.min} byte`;
    default:
      return `--fit ${shown} is not a node size: the units are ${UNITS}, as in 16GB or 64GiB`;
  }
}

/** A node's memory as given to --fit: validated here, the one way into the capacity question from the command line. */
export const nodeSizeSchema = z.string().check(
  z.superRefine((text, ctx) => {
    const problem = nodeSizeProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
  }),
);

/** The bytes of a --fit size, or the message that says what is wrong with it. */
export function parseNodeSize(text: string): { ok: true; bytes: number } | { ok: false; error: string } {
  const checked = nodeSizeSchema.safeParse(text);
  if (!checked.success) return { ok: false, error: checked.error.issues.map((i) => i.message).join('; ') };
  const parsed = parseBytes(text, '--fit', NODE_BYTES_LIMITS.min, NODE_BYTES_LIMITS.max, 'en');
  return parsed.ok ? { ok: true, bytes: parsed.value } : { ok: false, error: `--fit ${text} is not a node size` };
}
