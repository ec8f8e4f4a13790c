import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compare, CASE_ERROR_LIMIT_PERCENT, MEAN_ERROR_LIMIT_PERCENT, type RecordedCase } from '../validate/compare';
import { FIXTURE_PATH } from '../validate/fixture';
import { VALIDATION_GRID } from '../validate/grid';

/** Measurements of Debian's redis-server, recorded by `npm run validate -- --record`, replayed without a server. */
const fixture = JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as { server: string; allocator: string; cases: RecordedCase[] };

describe(`the model against recorded ${fixture.server} measurements`, () => {
  const result = compare(fixture.cases);

  it('covers the whole validation grid', () => {
    expect(fixture.cases.map((c) => c.id)).toEqual(VALIDATION_GRID.map((c) => c.id));
  });

  it(`has a mean absolute error under ${MEAN_ERROR_LIMIT_PERCENT} %`, () => {
    expect(result.meanAbsErrorPercent).toBeLessThan(MEAN_ERROR_LIMIT_PERCENT);
  });

  it.each(result.cases.map((c) => [c.id, c] as const))(
    `%s is within its limit (at most ${CASE_ERROR_LIMIT_PERCENT} %)`,
    (_, c) => {
      expect(Math.abs(c.errorPercent)).toBeLessThanOrEqual(c.limitPercent);
    },
  );
});
