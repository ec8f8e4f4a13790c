import { z } from './zod';

/** Validates a bundled data file; a broken file is a build defect, so it throws with the file and field named. */
export function parseDataFile<T>(schema: z.ZodMiniType<T>, json: unknown, file: string): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`data/${file} is invalid: ${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * A bundled data file, already validated: the production build checks every file against its
 * schema before it renders the first screen (dataFiles.ts, called from prerender.tsx), and so does
 * a unit test, so that the page neither carries the data schemas nor spends its start-up on them.
 */
export function validatedAtBuild<T>(json: unknown): T {
  return json as T;
}
