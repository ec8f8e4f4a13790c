import type { ParseResult } from './humanInput';
import { LIMITS } from './schema';

/**
 * A workload name as typed: trimmed, not empty, within the schema's length, and not another
 * workload's name. The name field and the link decoder hold names to the same rules.
 */
export function parseWorkloadName(text: string, otherNames: readonly string[]): ParseResult<string> {
  const name = text.trim();
  if (!name) return { ok: false, error: 'a workload needs a name' };
  if (name.length > LIMITS.nameLength) return { ok: false, error: `at most ${LIMITS.nameLength} characters` };
  if (otherNames.includes(name)) return { ok: false, error: 'another workload has this name' };
  return { ok: true, value: name };
}
