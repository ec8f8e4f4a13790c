import { DATA_TYPES } from '../data/vocabulary';
import { formatCount } from '../format/count';
import { DISTRIBUTION_FORMS_DOC, workloadFields, type WorkloadFieldSpec } from '../scenario/workloadFields';

/** A field's values: its unit and bounds. */
function valuesOf(field: WorkloadFieldSpec): string {
  const { min, max } = field;
  if (min === undefined || max === undefined) return field.unit;
  if (field.input === 'name') return `${field.unit}, ${min} to ${max} characters`;
  if (field.input === 'share') return `a share from ${min} to ${max}`;
  const range = `${field.unit}, ${formatCount(min, 'en')} to ${formatCount(max, 'en')}`;
  return field.varies ? `${range}, or a distribution of them` : range;
}

/** Which workloads need the field, which may have it, which must not. */
function presenceOf(field: WorkloadFieldSpec): string {
  if (field.requiredFor === 'all') return 'required';
  const required = field.requiredFor;
  const optional = field.appliesTo.filter((type) => !required.includes(type));
  const absent = DATA_TYPES.filter((type) => !field.appliesTo.includes(type));
  return [
    required.length > 0 ? `required for ${required.join(', ')}` : null,
    optional.length === DATA_TYPES.length ? 'optional' : optional.length > 0 ? `optional for ${optional.join(', ')}` : null,
    absent.length > 0 ? `not on ${absent.join(', ')}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The workload fields of scenario JSON as `estimate --help` lists them, from the fields'
 * specification (src/scenario/workloadFields.ts): each field, its values, where it applies, what it is.
 */
export function workloadFieldsHelp(fields: readonly WorkloadFieldSpec[] = workloadFields): string {
  const width = Math.max(...fields.map((f) => f.key.length)) + 2;
  const lines = fields.map((f) => {
    const pad = ' '.repeat(width - f.key.length);
    return `  ${f.key}${pad}${valuesOf(f)}; ${presenceOf(f)}\n  ${' '.repeat(width)}${f.doc}`;
  });
  const varying = fields.filter((f) => f.varies).map((f) => f.key);
  const distributions =
    varying.length === 0
      ? ''
      : `\n\n${varying.join(', ')} may each vary from key to key: instead of a number, write a distribution,\n` +
        `each size drawn per key (whole numbers within the field's bounds):\n${DISTRIBUTION_FORMS_DOC.map((form) => `  ${form}`).join('\n')}`;
  return `Each workload of the scenario's "workloads" list has these fields:\n${lines.join('\n')}${distributions}`;
}
