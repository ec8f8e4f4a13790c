import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { workloadSchema } from '../../src/scenario/schema';
import { schemaIssue, schemaIssueText } from '../../src/scenario/schemaIssue';

const workload = DEFAULT_SCENARIO.workloads[0]!;

// A damaged link's schema issue keeps the JSON field as the link holds it, the schema's English
// for the command line, and the issue's structured data for the page (test/i18n/schemaIssues.test.ts).
describe('a schema issue as the notice carries it', () => {
  const result = workloadSchema.safeParse({ ...workload, keys: -5 });
  const issue = result.success ? null : result.error.issues[0]!;

  it('the command line’s English is the schema’s message after the field', () => {
    expect(schemaIssueText(schemaIssue(issue!))).toBe('keys: keys cannot be negative');
    expect(schemaIssueText(schemaIssue(issue!, true))).toBe('keys cannot be negative');
  });

  it('the issue’s code and figures travel with it', () => {
    expect(schemaIssue(issue!).issue).toMatchObject({ code: 'too_small', minimum: 0, inclusive: true });
  });
});
