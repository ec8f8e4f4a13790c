import type { ParseResult } from './inputProblem';
import { LIMITS } from './limits';

/**
 * A workload name as typed: trimmed, not empty, within the schema's length, and not another
 * workload's name. The name field and the link decoder hold names to the same rules.
 */
export function parseWorkloadName(text: string, otherNames: readonly string[]): ParseResult<string> {
  const name = text.trim();
  if (!name) return { ok: false, error: { code: 'nameMissing' } };
  if (name.length > LIMITS.nameLength) return { ok: false, error: { code: 'nameTooLong', limit: LIMITS.nameLength } };
  if (otherNames.includes(name)) return { ok: false, error: { code: 'nameTaken' } };
  return { ok: true, value: name };
}
