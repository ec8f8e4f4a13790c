import { formatCount } from '../../format/count';
import { formatLocale, numberFormat } from '../../format/locale';
import { t, type MessageId } from '../../i18n';
import type { InputProblem } from '../../scenario/inputProblem';

/** Each problem a field can have, by its code, in the catalog (English: inputProblemText). */
const MESSAGES: Record<InputProblem['code'], MessageId> = {
  empty: 'fieldError.empty',
  notANumber: 'fieldError.notANumber',
  notASize: 'fieldError.notASize',
  notAShare: 'fieldError.notAShare',
  notWhole: 'fieldError.notWhole',
  negative: 'fieldError.negative',
  ambiguousNumber: 'fieldError.ambiguousNumber',
  percentRange: 'fieldError.percentRange',
  atLeast: 'fieldError.atLeast',
  atMost: 'fieldError.atMost',
  aboveMaximum: 'fieldError.aboveMaximum',
  decimalExpected: 'fieldError.decimalExpected',
  fragmentationBelowOne: 'fieldError.fragmentationBelowOne',
  fragmentationBroken: 'fieldError.fragmentationBroken',
  listSizeZero: 'fieldError.listSizeZero',
  nameMissing: 'fieldError.nameMissing',
  nameTaken: 'fieldError.nameTaken',
  nameTooLong: 'fieldError.nameTooLong',
  scenarioNameTooLong: 'fieldError.scenarioNameTooLong',
};

/** A limit or an example as the language writes numbers ("0,0001", "1.000.000"). */
export function formatLimit(n: number): string {
  return Number.isInteger(n) ? formatCount(n) : numberFormat(formatLocale(), { maximumFractionDigits: 6 }).format(n);
}

/** A figure with the language's decimal mark and no grouping ("1250", "1,25"). */
function ungrouped(n: number): string {
  return numberFormat(formatLocale(), { maximumFractionDigits: 6, useGrouping: false }).format(n);
}

/** The problem in the page's language, its figures written the language's way. */
export function inputProblemMessage(problem: InputProblem): string {
  const values: Record<string, string> = {};
  // The two readings of an ambiguous number without grouping, which would bring the doubt back.
  const write = problem.code === 'ambiguousNumber' ? ungrouped : formatLimit;
  for (const [key, value] of Object.entries(problem)) {
    if (key !== 'code') values[key] = typeof value === 'number' ? write(value) : value;
  }
  return t(MESSAGES[problem.code], values);
}
