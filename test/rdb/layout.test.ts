import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The reader's files each do one thing (input and lengths, strings and LZF, values, records,
// sizing): none grows past what one person reads at a sitting.
const MOST_LINES = 600;

describe('the RDB reader source', () => {
  it(`keeps every file in src/rdb under ${MOST_LINES} lines`, () => {
    const dir = 'src/rdb';
    const long = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => ({ name, lines: readFileSync(join(dir, name), 'utf8').split('\n').length }))
      .filter((file) => file.lines > MOST_LINES);
    expect(long).toEqual([]);
  });
});
