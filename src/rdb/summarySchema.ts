/**
 * The JSON summary of one snapshot (`rdb FILE --format json`) as the merge takes it back: only
 * what merging needs, checked, since the file may come from anywhere.
 */
import { z } from '../data/zod';
import { LINES } from '../model';
import { scenarioSchema } from '../scenario/schema';
import { KEY_TYPES, type KeyType } from './records';
import { TTL_BUCKETS } from './opsSummary';
import type { RdbAnalysis } from './analyze';

const amount = z.number().check(z.minimum(0, { error: 'a count or size cannot be negative' }));
const line = z.enum(LINES.ids, { error: `a release line is one of ${LINES.ids.join(', ')}` });
const keyType = z.enum(KEY_TYPES as unknown as readonly [KeyType, ...KeyType[]], {
  error: `a key type is one of ${KEY_TYPES.join(', ')}`,
});
const perLine = z.record(line, amount);

const histogram = z.object({
  count: amount,
  mean: amount,
  min: amount,
  max: amount,
  bins: z.array(z.object({ from: amount, to: amount, count: amount })),
});

const family = z.object({
  pattern: z.string(),
  type: keyType,
  keys: amount,
  ttlKeys: amount,
  keysWithoutTtl: amount,
  ttlShare: amount,
  volatileKeys: amount,
  volatileFields: amount,
  integerKeys: amount,
  fileBytes: amount,
  keyLength: histogram,
  valueSize: histogram,
  elementSize: histogram,
  fieldNameLength: histogram,
  ttlSeconds: histogram,
  topKeys: z.array(z.object({ key: z.string(), bytes: amount, fileBytes: amount })),
  bytesPerLine: perLine,
});

export const rdbSummarySchema = z.object({
  schema: z.literal(1, { error: 'not a summary of the rdb command (schema 1)' }),
  name: z.string({ error: 'a summary names its file' }),
  status: z.enum(['complete', 'partial']),
  error: z.nullable(z.object({ message: z.string() })),
  bytesRead: amount,
  file: z.object({
    writer: z.nullable(z.object({ server: z.enum(['valkey', 'redis']), version: z.string(), line: z.nullable(line) })),
  }),
  keys: z.object({
    total: amount,
    planned: amount,
    byType: z.partialRecord(keyType, amount),
    expiredAtSave: amount,
  }),
  lines: z.array(z.object({ line, datasetBytes: amount })),
  families: z.array(family),
  scenario: z.nullable(scenarioSchema),
  scenarioProblem: z.nullable(z.string()),
  topKeys: z.array(z.object({ key: z.string(), type: keyType, size: amount, bytesPerLine: perLine, fileBytes: amount })),
  ttl: z.object(
    Object.fromEntries(TTL_BUCKETS.map((bucket) => [bucket, amount])) as Record<(typeof TTL_BUCKETS)[number], typeof amount>,
  ),
});

/** What the merge reads of an analysis: a summary read back, or an analysis just made. */
export type RdbSummary = Pick<
  RdbAnalysis,
  'name' | 'status' | 'bytesRead' | 'families' | 'scenario' | 'scenarioProblem' | 'topKeys' | 'ttl'
> & {
  keys: Pick<RdbAnalysis['keys'], 'total' | 'planned' | 'byType' | 'expiredAtSave'>;
  error: { message: string } | null;
  file: { writer: RdbAnalysis['file']['writer'] };
  lines: Array<Pick<RdbAnalysis['lines'][number], 'line' | 'datasetBytes'>>;
};

/** A summary's JSON text, checked: the summary, or one line saying what is wrong and where. */
export function parseRdbSummary(text: string): { ok: true; summary: RdbSummary } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${(e as Error).message}` };
  }
  const parsed = rdbSummarySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `${issue.path.length ? `at ${issue.path.join('.')}: ` : ''}${issue.message}` };
  }
  return { ok: true, summary: parsed.data as RdbSummary };
}
