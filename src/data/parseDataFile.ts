import { z } from './zod';

/** Validates a bundled data file; a broken file is a build defect, so it throws with the file and field named. */
export function parseDataFile<T>(schema: z.ZodMiniType<T>, json: unknown, file: string): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`data/${file} is invalid: ${z.prettifyError(result.error)}`);
  return result.data;
}
