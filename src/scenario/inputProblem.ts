import { formatCount } from '../format/count';

/**
 * What is wrong with a value typed into a field, as a code and the figures it needs, so the page
 * can say it in the reader's language (src/ui/common/inputProblemMessages.ts) and any other caller in
 * English (inputProblemText below). `field` is the field's name as the caller shows it.
 */
export type InputProblem =
  | { code: 'empty'; field: string }
  | { code: 'notANumber' | 'notASize' | 'notAShare'; field: string; text: string }
  | { code: 'notWhole' | 'negative'; field: string }
  /** Text two conventions read differently (German "1,250": 1.25; English: 1250), in a field that needs a whole number. */
  | { code: 'ambiguousNumber'; field: string; text: string; reading: number; otherReading: number }
  | { code: 'percentRange'; field: string; min: number; max: number }
  | { code: 'atLeast' | 'atMost' | 'aboveMaximum'; field: string; limit: number }
  | { code: 'decimalExpected'; field: string; example: number }
  | { code: 'fragmentationBelowOne' }
  | { code: 'fragmentationBroken'; limit: number }
  | { code: 'listSizeZero'; field: string }
  | { code: 'nameMissing' | 'nameTaken' }
  | { code: 'nameTooLong' | 'scenarioNameTooLong'; limit: number };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: InputProblem };

/** The problem in English: the wording the catalog's English follows, for callers outside the page. */
export function inputProblemText(problem: InputProblem): string {
  switch (problem.code) {
    case 'empty':
      return `${problem.field} is empty`;
    case 'notANumber':
      return `${problem.field}: "${problem.text}" is not a number (try 632k or 1.5M)`;
    case 'notASize':
      return `${problem.field}: "${problem.text}" is not a size (try 16, 700 B or 2 KiB)`;
    case 'notAShare':
      return `${problem.field}: "${problem.text}" is not a percentage (try 40 or 40 %)`;
    case 'notWhole':
      return `${problem.field} must be a whole number`;
    case 'negative':
      return `${problem.field} cannot be negative`;
    case 'ambiguousNumber':
      return `${problem.field}: "${problem.text}" reads as ${problem.reading} or as ${problem.otherReading}: write the whole number without a separator`;
    case 'percentRange':
      return `${problem.field} is a percentage from ${problem.min} to ${problem.max} %`;
    case 'atLeast':
      return `${problem.field} is at least ${problem.limit}`;
    case 'atMost':
      return `${problem.field} is at most ${problem.limit}`;
    case 'aboveMaximum':
      return `${problem.field} is above the supported maximum of ${formatCount(problem.limit, 'en')}`;
    case 'decimalExpected':
      return `${problem.field}: a number such as ${problem.example}`;
    case 'fragmentationBelowOne':
      return 'Fragmentation ratio is RSS / used_memory, at least 1';
    case 'fragmentationBroken':
      return `Fragmentation ratio above ${problem.limit} is a broken server, not a plan`;
    case 'listSizeZero':
      return `${problem.field} is -1 to -5 or a positive count`;
    case 'nameMissing':
      return 'a workload needs a name';
    case 'nameTaken':
      return 'another workload has this name';
    case 'nameTooLong':
      return `at most ${problem.limit} characters`;
    case 'scenarioNameTooLong':
      return `Scenario name: at most ${problem.limit} characters`;
  }
}
