import type { z } from '../data/zod';

/**
 * One issue of a link's part: the JSON field as the link holds it ("keys",
 * "deployment.shards"; empty when the notice names the part itself), the schema's own English
 * message, which the command line prints, and the issue's structured data, from which the page
 * words it in its language (src/ui/sharing/linkNoticeMessages.ts, loaded with the notice, not with the first screen).
 */
export interface SchemaIssue {
  path: string;
  message: string;
  issue: z.core.$ZodIssue;
}

/** An issue for a notice; `named` when the notice names the field already, so the path is left out. */
export function schemaIssue(issue: z.core.$ZodIssue, named = false): SchemaIssue {
  return { path: named ? '' : issue.path.join('.'), message: issue.message, issue };
}

/** The issue in English, as the command line prints it: "keys: keys cannot be negative". */
export function schemaIssueText(issue: SchemaIssue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}
