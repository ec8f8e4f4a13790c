/**
 * A bundled data file, already validated: the production build checks every file against its
 * schema before it renders the first screen (dataFiles.ts, called from prerender.tsx), and so does
 * a unit test, so that the page neither carries the data schemas (nor zod, which parseDataFile.ts
 * imports) nor spends its start-up on them.
 */
export function validatedAtBuild<T>(json: unknown): T {
  return json as T;
}
